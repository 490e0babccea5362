Feature: a scenario line with its colon at the end
  Scenario one is checked:
    Given a passing step

  Scenario: two
    Given a passing step
