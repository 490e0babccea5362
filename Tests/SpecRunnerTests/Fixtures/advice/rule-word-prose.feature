Feature: prose that starts with Rule
  Rule applies on weekdays only

  Scenario: one
    Given a passing step
