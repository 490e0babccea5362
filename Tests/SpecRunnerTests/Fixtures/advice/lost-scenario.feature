Feature: A lost scenario
  Scenarioo: lost
    Given a passing step

  Scenario: kept
    Given a passing step
