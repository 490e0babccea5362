@feature
Feature: Rules with backgrounds

  Background: feature background
    Given the feature background

  Scenario: before any rule
    Given a step

  @rule1
  Rule: first rule
    The rule's description.

    Background: rule background
      Given the rule background
      And another rule background step

    @s1
    Example: one
      When it happens
      Then it is fine

    Scenario Outline: outline in a rule
      Given <a>

      @ex
      Examples: first
        | a |
        | x |
      Examples: second
        | a |
        | y |

  Rule: second rule without background
    Example: two
      But nothing else
