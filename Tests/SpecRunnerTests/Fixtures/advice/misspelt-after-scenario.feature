Feature: A keyword misspelt after a scenario
  Scenario: a
    Given a passing step

  Scenaro: x
    Given a passing step

  Senario: y
    Given a passing step
