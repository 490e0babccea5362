@register @points
Feature: Loyalty points (ポイント利用)
  A loyalty member can pay part or all of an order with points; 1 point = ¥1. The member
  is identified at the counter in the cart phase or the payment phase; the points to use
  are entered in the payment phase. The points applied are never more than the member's
  balance nor the amount due after the discount. When the order completes the member's
  balance drops by the points applied. Once a payment has been taken, the member and the
  points can no longer change (cancel the payments first).

  Going back to edit the cart keeps the points the cashier typed, so they need not be
  typed again: they are not applied (and not shown) while the cart is edited, and apply
  again at the next checkout, re-derived for the new amount due.

  Background:
    Given the catalog:
      | name      | price |
      | Latte     | 520   |
      | Croissant | 340   |
      | Muffin    | 300   |
      | Set Meal  | 1380  |
      | Cut       | 4000  |

  Rule: Points pay part of the order, up to the balance and the amount due

    Scenario: A member pays part of the order with points
      Given the customer is a loyalty member with 1000 points
      And I add "Latte" to the cart
      And I add "Croissant" to the cart
      When I start checkout
      And I apply 300 points
      Then the display shows the payment screen
      And the display shows subtotal ¥860
      And the display shows points ¥300
      And the display shows total ¥560
      When the customer pays ¥1,000 by cash
      Then the display shows change ¥440
      And the member has 700 points

    Scenario: Points can cover everything that is left after the discount
      Given the customer is a loyalty member with 2000 points
      And I add "Set Meal" to the cart
      And I add "Latte" to the cart
      And I set a cart discount of 15%
      And I start checkout
      When I apply 1615 points
      Then the display shows discount ¥285
      And the display shows points ¥1,615
      And the display shows total ¥0
      When I complete the order without payment
      Then the display shows the complete screen
      And the last order is "1001"
      And the member has 385 points

    Scenario: The member can be identified in the payment phase
      Given I add "Latte" to the cart
      And I start checkout
      When I identify a loyalty member with 300 points
      And I apply 300 points
      Then the display shows points ¥300
      And the display shows total ¥220

    Scenario Outline: Points that cannot be applied (balance <balance>, discount <discount>, <points> points)
      Given the customer is a loyalty member with <balance> points
      And I add "Latte" to the cart
      And I set a cart discount of <discount>
      And I start checkout
      When I try to apply <points> points
      Then it is rejected with "<code>"
      And points are hidden
      And the display shows total <total>

      @boundary
      Examples: More than the member has, or than is due
        | balance | discount | points | code                | total |
        | 500     | ¥0       | 501    | pointsExceedBalance | ¥520  |
        | 1000    | ¥0       | 521    | pointsExceedTotal   | ¥520  |
        | 1000    | ¥100     | 421    | pointsExceedTotal   | ¥420  |
        | 1000    | ¥0       | -1     | invalidAmount       | ¥520  |

      @order
      Examples: The first failing check gives the code
        | balance | discount | points | code                | total |
        | 300     | ¥100     | 600    | pointsExceedBalance | ¥420  |
        | 300     | ¥0       | 521    | pointsExceedBalance | ¥520  |

    Scenario: Points need a member at the counter
      Given the customer is a loyalty member with 1000 points
      And I add "Latte" to the cart
      And I start checkout
      And I apply 300 points
      When I clear the member
      Then points are hidden
      And the display shows total ¥520
      When I try to apply 100 points
      Then it is rejected with "noMember"
      When I try to apply -1 points
      Then it is rejected with "invalidAmount"

    Scenario: Clearing the member keeps the typed points for when the member comes back
      Given the customer is a loyalty member with 1000 points
      And I add "Latte" to the cart
      And I start checkout
      And I apply 300 points
      When I clear the member
      Then points are hidden
      When I identify a loyalty member with 1000 points
      Then the display shows points ¥300
      And the display shows total ¥220

    Scenario: Identifying the member again updates the balance
      Given the customer is a loyalty member with 1000 points
      When I identify a loyalty member with 200 points
      Then the member has 200 points
      When I try to identify a loyalty member with -1 points
      Then it is rejected with "invalidAmount"
      And the member has 200 points

    @order
    Scenario: After a payment the member and the points are locked
      Given I add "Cut" to the cart
      And I start checkout
      And the customer pays ¥1,000 by card
      When I try to apply 100 points
      Then it is rejected with "paymentsTaken"
      When I try to apply -1 points
      Then it is rejected with "invalidAmount"
      When I try to identify a loyalty member with 500 points
      Then it is rejected with "paymentsTaken"
      When I try to identify a loyalty member with -5 points
      Then it is rejected with "invalidAmount"
      When I try to clear the member
      Then it is rejected with "paymentsTaken"
      And the display shows remaining ¥3,000

  Rule: After editing the cart, points are hidden but retained

    @smoke
    Scenario: After editing the cart, points are hidden
      Given the customer is a loyalty member with 1000 points
      And I add "Latte" to the cart
      And I add "Croissant" to the cart
      And I start checkout
      And I apply 500 points
      And the display shows points ¥500
      And the display shows total ¥360
      When I go back to edit the cart
      Then the display shows the cart screen
      And points are hidden
      And the display shows total ¥860
      When I start checkout
      Then the display shows the payment screen
      And the display shows points ¥500
      And the display shows total ¥360

    Scenario: Retained points are clamped to the new amount due
      Given the customer is a loyalty member with 1000 points
      And I add "Latte" to the cart
      And I add "Croissant" to the cart
      And I start checkout
      And I apply 500 points
      When I go back to edit the cart
      And I remove "Latte" from the cart
      And I start checkout
      Then the display shows points ¥340
      And the display shows total ¥0
      When I complete the order without payment
      Then the member has 660 points

    Scenario: Retained points are clamped to a new discount
      Given the customer is a loyalty member with 1000 points
      And I add "Latte" to the cart
      And I add "Croissant" to the cart
      And I start checkout
      And I apply 500 points
      When I go back to edit the cart
      And I set a cart discount of 50%
      Then points are hidden
      And the display shows total ¥430
      When I start checkout
      Then the display shows discount ¥430
      And the display shows points ¥430
      And the display shows total ¥0

    Scenario: Retained points are clamped to the member's new balance
      Given the customer is a loyalty member with 1000 points
      And I add "Latte" to the cart
      And I add "Croissant" to the cart
      And I start checkout
      And I apply 500 points
      When I go back to edit the cart
      And I identify a loyalty member with 200 points
      And I start checkout
      Then the display shows points ¥200
      And the display shows total ¥660

    Scenario: The next customer does not inherit the retained points
      Given the customer is a loyalty member with 1000 points
      And I add "Latte" to the cart
      And I start checkout
      And I apply 300 points
      And the customer pays ¥220 by card
      And I serve the next customer
      When I identify a loyalty member with 1000 points
      And I add "Latte" to the cart
      And I start checkout
      Then points are hidden
      And the display shows total ¥520
