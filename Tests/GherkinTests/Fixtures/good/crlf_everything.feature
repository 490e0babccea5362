Feature: CRLF everywhere
  A description
  on two lines

  Background:
    Given a step

  Scenario Outline: outline <x>
    Given a doc string
      """text/plain
      line one
        line two
      """
    And a table
      | a | <x> |

    Examples:
      | x |
      | 1 |
