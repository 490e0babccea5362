Feature: Misspelt scenario keywords without their colon

  Scenario: runs
    Given a passing step

  Scenaro second one
    Given a passing step

  Scenari third one
    Given a passing step

  Sceanrio fourth one
    Given a passing step
