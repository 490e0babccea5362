@register @refund
Feature: Refunds (返品・取消)
  A past order can be refunded from an empty cart. While the refund is open the customer
  display shows the order's lines and the amount given back (the total the order
  charged). Confirming marks the order refunded and gives the points it used back to its
  member; cancelling changes nothing. An order is refunded at most once. A refund cannot
  start while items are in the cart, for an order number that does not exist, or in the
  middle of a sale.

  Background:
    Given the catalog:
      | name      | price |
      | Latte     | 520   |
      | Croissant | 340   |
      | Muffin    | 300   |
    And the customer is a loyalty member with 1000 points
    And I add "Latte" to the cart
    And I add "Croissant" to the cart
    And I start checkout
    And I apply 300 points
    And the customer pays ¥1,000 by cash
    And the last order is "1001"
    And the member has 700 points
    And I serve the next customer

  @smoke
  Scenario: Refunding an order gives back its total and its points
    When I start a refund of order "1001"
    Then the display shows the refund screen
    And the display shows the lines:
      | name      | quantity | amount |
      | Latte     | 1        | 520    |
      | Croissant | 1        | 340    |
    And the display shows refund ¥560
    And the display does not show total
    When I confirm the refund
    Then the display shows the welcome screen
    And the member has 1000 points

  Scenario: An order is refunded only once
    Given I start a refund of order "1001"
    And I confirm the refund
    When I try to start a refund of order "1001"
    Then it is rejected with "alreadyRefunded"
    And the member has 1000 points

  Scenario: Cancelling a refund changes nothing
    Given I start a refund of order "1001"
    When I cancel the refund
    Then the display shows the welcome screen
    And the member has 700 points
    When I try to start a refund of order "1001"
    Then it succeeds
    And the display shows refund ¥560

  Scenario: A refund of an order without points leaves the points alone
    Given I add "Muffin" to the cart
    And I start checkout
    And the customer pays ¥300 by QR
    And the last order is "1002"
    And I serve the next customer
    When I start a refund of order "1002"
    Then the display shows the lines:
      | name   | quantity | amount |
      | Muffin | 1        | 300    |
    And the display shows refund ¥300
    When I confirm the refund
    Then the member has 700 points
    When I try to start a refund of order "1001"
    Then it succeeds

  Scenario: A refund needs an order number that exists
    When I try to start a refund of order "9999"
    Then it is rejected with "unknownOrder"
    When I try to start a refund of order "1002"
    Then it is rejected with "unknownOrder"
    And the display shows the welcome screen

  @order
  Scenario: A refund needs an empty cart, checked before the order number
    Given I add "Muffin" to the cart
    When I try to start a refund of order "1001"
    Then it is rejected with "cartNotEmpty"
    When I try to start a refund of order "9999"
    Then it is rejected with "cartNotEmpty"
    And the display shows the cart screen

  Scenario Outline: While a refund is open, the sale actions are refused: <attempt>
    Given I start a refund of order "1001"
    When I try to <attempt>
    Then it is rejected with "wrongPhase"
    And the display shows the refund screen

    Examples:
      | attempt                                  |
      | add "Muffin" to the cart                 |
      | start checkout                           |
      | identify a loyalty member with 50 points |
      | start a refund of order "1001"           |
      | serve the next customer                  |

  Scenario: After a refund the register is ready for the next sale
    Given I start a refund of order "1001"
    And I confirm the refund
    When I add "Muffin" to the cart
    And I start checkout
    And the customer pays ¥500 by cash
    Then the last order is "1002"
    And the display shows change ¥200
