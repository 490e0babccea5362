Feature: Tags written without their @

  @smoke
  Scenario: a
    Given a passing step

  smoke wip
  Scenario: b
    Given a passing step

  Scenario: c
    Given a passing step
    this is prose
  Scenario: d
    Given a passing step
