Feature: Description lines
  ＠wip
  Scenario Outline totals
    Given a passing step

  Rule: R
    Scenario: s
      Giventhe text is "x"
      Given a passing step
    Scenario: t
      Given the text is "a"
      Examples
      Given a passing step
