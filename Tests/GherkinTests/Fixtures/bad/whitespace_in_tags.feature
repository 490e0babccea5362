Feature: Whitespace in tags

  @tag with space
  Scenario: s
    Given x
