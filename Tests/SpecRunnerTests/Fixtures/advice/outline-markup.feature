Feature: markup
  Scenario Outline: names with markup
    Given I add "<b>Tea</b>" to the cart
    And I add "<br/>" to the cart
    And I add "<item>" to the cart

    Examples:
      | item |
      | Cake |
