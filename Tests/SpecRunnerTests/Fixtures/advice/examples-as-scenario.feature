Feature: Example written for Examples
  Scenario Outline: the text <t>
    Given the text is "<t>"

    Example:
      | t |
      | x |
