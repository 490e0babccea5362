Feature: two doc strings
  Scenario: s
    Given x
      | a |
      """
      one
      """
      """
      two
      """
