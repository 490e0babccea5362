Feature: Tags
  Scenario: first
    Given a passing step

  @regression @smoke test
  Scenario: second
    Given a passing step
