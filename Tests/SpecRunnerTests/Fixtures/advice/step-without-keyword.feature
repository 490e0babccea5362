Feature: t
  Scenario: one
    Given the catalog:
      | name  | price |
      | Latte | 520 |
    When I add "Latte" to the cart
    I start checkout
