@register
Feature: Checkout and payment
  "Start checkout" (お会計へ) moves a non-empty cart into the payment phase, where the
  customer pays. Payments add up; as soon as what was paid reaches the total, the order
  completes: it is recorded with the next order number ("1001", "1002", … in every fresh
  register) and the change is known. Only cash can give change: a card or QR payment
  above the remaining amount is refused. Payments must be more than ¥0. The cashier can
  cancel all payments taken so far (then the cart can be edited again). When nothing is
  owed (a full discount, or points that cover everything) the order is completed without
  payment; while something is owed that is refused. "Next customer" clears the counter.

  Background:
    Given the catalog:
      | name      | price |
      | Latte     | 520   |
      | Croissant | 340   |
      | Muffin    | 300   |
      | Set Meal  | 1380  |
      | Shampoo   | 2200  |
      | Cut       | 4000  |

  @smoke
  Scenario: A cash sale gives change and records order 1001
    Given I add "Set Meal" to the cart
    When I start checkout
    Then the display shows the payment screen
    And the display shows total ¥1,380
    When the customer pays ¥2,000 by cash
    Then the display shows the complete screen
    And the display shows total ¥1,380
    And the display shows paid ¥2,000
    And the display shows change ¥620
    And the last order is "1001"

  Scenario: Large amounts have no keypad limit
    # domain.md sets no upper limit; the register takes any whole number a browser
    # reads exactly (up to ¥9,007,199,254,740,991, docs/domain-decisions.md).
    Given I add 10000 "Cut" to the cart
    And I add "Yacht" at ¥120,000,000 to the cart
    When I start checkout
    Then the display shows total ¥160,000,000
    When the customer pays ¥200,000,000 by cash
    Then the display shows change ¥40,000,000

  Scenario Outline: Paying exactly the total by <method> gives no change
    Given I add "Set Meal" to the cart
    And I start checkout
    When the customer pays ¥1,380 by <method>
    Then the display shows the complete screen
    And the display shows paid ¥1,380
    And the display shows change ¥0

    @cash
    Examples: Cash
      | method |
      | cash   |

    @cashless
    Examples: Cashless
      | method |
      | card   |
      | QR     |

  Scenario: A split payment shows what remains, and cash at the end gives change
    Given I add "Cut" to the cart
    And I add "Shampoo" to the cart
    And I start checkout
    When the customer pays ¥5,000 by card
    Then the display shows the partial screen
    And the display shows total ¥6,200
    And the display shows paid ¥5,000
    And the display shows remaining ¥1,200
    When the customer pays ¥1,000 by QR
    Then the display shows paid ¥6,000
    And the display shows remaining ¥200
    When the customer pays ¥1,000 by cash
    Then the display shows the complete screen
    And the display shows paid ¥7,000
    And the display shows change ¥800

  Scenario Outline: A payment that cannot be taken: <amount> by <method>
    Given I add "Cut" to the cart
    And I add "Shampoo" to the cart
    And I start checkout
    And the customer pays ¥5,000 by card
    When the customer tries to pay <amount> by <method>
    Then it is rejected with "<code>"
    And the display shows the partial screen
    And the display shows remaining ¥1,200

    @overpayment
    Examples: Only cash gives change
      | amount | method | code        |
      | ¥1,201 | card   | overpayment |
      | ¥2,000 | QR     | overpayment |

    @boundary
    Examples: Nothing or less than nothing
      | amount | method | code          |
      | ¥0     | cash   | invalidAmount |
      | -¥100  | card   | invalidAmount |

  Scenario: Paying the exact remaining amount by card completes the order
    Given I add "Cut" to the cart
    And I add "Shampoo" to the cart
    And I start checkout
    And the customer pays ¥5,000 by card
    When the customer tries to pay ¥1,200 by card
    Then it succeeds
    And the display shows the complete screen
    And the display shows change ¥0

  Scenario: Cancelling the payments goes back to the payment screen
    Given I add "Cut" to the cart
    And I add "Shampoo" to the cart
    And I start checkout
    And the customer pays ¥5,000 by card
    When I cancel the payments
    Then the display shows the payment screen
    And the display shows total ¥6,200
    And the display does not show paid
    When the customer pays ¥6,200 by QR
    Then the display shows the complete screen
    And the display shows paid ¥6,200

  Scenario: The cart can be edited only after the payments are cancelled
    Given I add "Set Meal" to the cart
    And I start checkout
    And the customer pays ¥1,000 by cash
    When I try to go back to edit the cart
    Then it is rejected with "paymentsTaken"
    When I cancel the payments
    And I go back to edit the cart
    Then the display shows the cart screen
    And the display shows total ¥1,380

  Scenario: Checkout needs something in the cart
    When I try to start checkout
    Then it is rejected with "emptyCart"
    And the display shows the welcome screen

  Scenario: An order that owes something cannot be completed without payment
    Given I add "Latte" to the cart
    And I start checkout
    When I try to complete the order without payment
    Then it is rejected with "amountOwed"
    And the display shows the payment screen

  Scenario: A fully discounted order is completed without payment
    Given I add "Muffin" to the cart
    And I set a cart discount of 100%
    And I start checkout
    And the display shows total ¥0
    When I complete the order without payment
    Then the display shows the complete screen
    And the display shows total ¥0
    And the display shows paid ¥0
    And the display shows change ¥0
    And the last order is "1001"

  Scenario: Order numbers count up, and the next customer starts with a clear counter
    Given the customer is a loyalty member with 1000 points
    And I add "Latte" to the cart
    And I set a cart discount of ¥20
    And I start checkout
    And I apply 100 points
    And the customer pays ¥400 by card
    And the last order is "1001"
    When I serve the next customer
    Then the display shows the welcome screen
    When I add "Croissant" to the cart
    Then the display shows the lines:
      | name      | quantity | amount |
      | Croissant | 1        | 340    |
    And the display does not show discount
    When I start checkout
    Then points are hidden
    And the display shows total ¥340
    When I try to apply 100 points
    Then it is rejected with "noMember"
    When the customer pays ¥340 by cash
    Then the last order is "1002"
    And the member has 900 points

  Scenario: Every scenario starts with a fresh register: order numbers restart at 1001
    Given I add "Latte" to the cart
    And I start checkout
    When the customer pays ¥520 by card
    Then the last order is "1001"
