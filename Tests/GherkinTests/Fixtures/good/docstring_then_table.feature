Feature: Step arguments

  Background:
    Given a background doc string
      ```
      bg
      ```
      | then | table |

  Scenario: doc string first
    Given a step
      """
      doc
      """
      | a |
    And a step with only a table
      | b |
      """
      then doc
      """
