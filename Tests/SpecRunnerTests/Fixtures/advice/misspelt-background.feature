Feature: a misspelt Background

  Backgound:
    Given a passing step

  Scenario: one
    Given a passing step
