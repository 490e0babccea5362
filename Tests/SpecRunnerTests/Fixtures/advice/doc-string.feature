Feature: Doc strings
  Scenario: s
    Given a passing step
      """
      never closed
