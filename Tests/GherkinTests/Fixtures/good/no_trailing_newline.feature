Feature: no trailing newline
  Scenario: x
    Given y