@register @wordings
Feature: The register's steps as QA write them
  A step takes the other wordings QA write for it (docs/steps.md, "Other wordings"), and
  each is that same step: a whole number with thousands separators (1,000 points, as
  ¥1,000 is written), a check written with "should", checkout as QA say it, the plain
  form of a try form (I set the catalog:), and the customer paying in cash or with a card.

  Background:
    Given the catalog:
      | name  | price |
      | Latte | 520   |

  Scenario: Points are written with thousands separators
    Given the customer is a loyalty member with 1,500 points
    And I add 4 "Latte" to the cart
    When I start checkout
    And I apply 1,000 points
    Then the display shows the total ¥1,080
    When I try to apply 1,600 points
    Then it should be rejected with "pointsExceedBalance"
    When the customer pays ¥1,080 by cash
    Then the member should have 500 points
    And the member has 500 points

  Scenario: Checkout as QA say it, checked with should
    When I try to proceed to checkout
    Then it should be rejected with "emptyCart"
    When I add "Latte" to the cart
    And I try to proceed to checkout
    Then it should succeed
    And the customer display should show the payment screen
    When I go back to edit the cart
    And I proceed to checkout
    Then the display shows the payment screen

  Scenario: The plain form of the catalog's try form sets the catalog
    When I set the catalog:
      | name | price |
      | Tea  | 300   |
    And I add "Tea" to the cart
    Then the customer display shows the total ¥300
    When I try to add "Latte" to the cart
    Then it is rejected with "unknownProduct"

  Scenario: The customer pays in cash or with a card
    Given I add "Latte" to the cart
    And I start checkout
    When the customer pays ¥20 with card
    And the customer tries to pay ¥320 in cash
    Then it succeeds
    And the display shows remaining ¥180
    When the customer pays ¥500 in cash
    Then the display shows the complete screen
    And the display shows the change ¥320
    And the last order should be "1001"

  Scenario: An order is checked refunded by its number, quoted or not
    Given I add "Latte" to the cart
    And I start checkout
    And the customer pays ¥520 by cash
    And I serve the next customer
    When I start a refund of order "1001"
    And I confirm the refund
    Then order "1001" is refunded
    And order 1001 should be refunded
