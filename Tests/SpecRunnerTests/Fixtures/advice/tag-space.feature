Feature: Tags
  @smoke test @fast
  Scenario: s
    Given a passing step
