Feature: a byte-order mark

  Scenario: first
    Given a passing step

  Scenario: second
    Given a passing step
    a passing step
