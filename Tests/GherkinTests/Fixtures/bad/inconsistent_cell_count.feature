Feature: Inconsistent cell count

  Scenario: data table
    Given a table
      | a | b |
      | c |

  Scenario Outline: examples table
    Given <a>

    Examples:
      | a | b |
      | 1 | 2 | 3 |
