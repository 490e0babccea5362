Feature: Outline whose first step is a conjunction

  Scenario Outline: leading And
    And <x> happens
    Then it is checked

    Examples:
      | x |
      | a |

  Scenario: leading But in a plain scenario
    But nothing
