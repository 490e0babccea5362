Feature: A two-word keyword misspelt
  Scenario Outine: a <x>
    Given a passing step

    Examples:
      | x |
      | 1 |
