Feature: Stray
  Given a passing step

  Scenario: s
    Given a passing step
