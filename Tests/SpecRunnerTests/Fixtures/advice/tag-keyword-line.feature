Feature: tags and the keyword on one line
  @smoke @wip Scenario Outline: tagged wrongly
    Given a passing step
