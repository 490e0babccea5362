Feature: Tables and escapes

  Scenario: escapes
    Given a table
      | pipe \| here | backslash \\ | newline \n end | other \x | trailing \|
      | ä ö ü        | 漢字         |                | \\n        |
    And a table with empty cells
      ||  |
      |  ||

  Scenario Outline: placeholders everywhere <what>
    Given I see "<what>" and <what>
      """<type>
      content <what> and <missing>
      """
    And a table
      | <what> | <type> |

    Examples:
      | what | type |
      | a$1  | json |
      | \\   | xml  |
