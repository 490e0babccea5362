Feature: Rows
  Scenario: s
    Given a passing step
      | a | b
      | 1 | 2
