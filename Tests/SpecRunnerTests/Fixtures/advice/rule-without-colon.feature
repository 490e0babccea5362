Feature: a Rule line without its colon
  Rule members
    Scenario: one
      Given a passing step
