Feature: markup
  Scenario Outline: names with markup
    Given I add "<b>Tea</b>" to the cart
    And I add "<br/>" to the cart
    And I add "Tea<br>Latte" to the cart
    And I add "a<b>c" to the cart
    And I add "<item>" to the cart

    Examples:
      | item |
      | Cake |
