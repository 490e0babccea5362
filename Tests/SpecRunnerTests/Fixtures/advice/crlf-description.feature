Feature: Windows line endings, descriptions

  Scenario: a step typed wrong first
    Givn a passing step
    Then a passing step
