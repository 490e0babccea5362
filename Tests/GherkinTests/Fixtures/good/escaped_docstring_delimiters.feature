Feature: Escaped doc string delimiters

  Scenario: both kinds
    Given a quoted doc string
      """
      before
      \"\"\"
      after \`\`\` stays escaped here
      """
    And a backtick doc string
      ```json
      {"a": "\`\`\`"}
      \"\"\" stays escaped
      ```
    And a doc string closed by a longer delimiter
      """
      x
      """"
