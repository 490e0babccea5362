Feature: steps shown in the description
  How to use these steps in other features:

    When a passing step
    Then a passing step

  The rest of this file checks that flow.
    Given a passing step
  Setup:
    Given a passing step

  Scenario: one
    Given a passing step
