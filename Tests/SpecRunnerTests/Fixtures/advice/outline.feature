Feature: Outlines
  Scenario Outline: no table <n>
    Given the text is "<m>"

  Scenario Outline: with tables
    Given the text is "<price>"
    Examples:
      | name |
      | a    |
    Examples:
      | name |

  Scenario: empty
