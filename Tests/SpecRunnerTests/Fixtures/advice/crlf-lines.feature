Feature: Windows line endings

  Scenario: first
    Given a passing step
    a passing step

  Scenrio: second
    Given a passing step

  Scenario: third
    Given a passing step
      | name | price |
      | Latte | 520
