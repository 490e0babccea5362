Feature: Rules
  Rul: members
    Background:
      Given a passing step
    Scenario: s
      Given a passing step
