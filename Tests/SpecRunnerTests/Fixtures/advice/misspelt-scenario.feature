Feature: Misspelt keywords
  Scenarioo: lost

  Scenario: kept
    Givn a passing step
    Then a passing step
