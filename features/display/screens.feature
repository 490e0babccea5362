@display
Feature: What the customer display shows on each screen
  The customer display (カスタマーディスプレイ) is derived from the register's state, never
  told what to show. Each phase has its screen, and each screen shows only its fields:

  - cart phase, empty cart: welcome, a greeting only;
  - cart phase with items: cart, with lines, subtotal, discount (if any) and total;
  - payment phase, nothing paid yet: payment, with lines, subtotal, discount, points, total;
  - payment phase, something paid: partial, with total, paid and remaining only;
  - complete: complete, with total, paid, change (also when ¥0) and thanks;
  - refunding: refund, with the order's lines and the amount given back.

  The discount is shown only when it is more than ¥0, the points only when points are
  applied. Labels are Japanese (小計, 割引, ポイント利用, 合計, お預かり, 残り, お釣り, 返金),
  amounts are written like ¥1,200, and names are shown as text, never as markup.

  Background:
    Given the catalog:
      | name      | price |
      | Latte     | 520   |
      | Croissant | 340   |
      | Set Meal  | 1380  |
    And the customer is a loyalty member with 1000 points

  Scenario: An idle register greets the customer
    Then the display shows the welcome screen
    And the display does not show total
    And the display does not show subtotal
    And points are hidden

  Scenario: The cart screen shows lines, subtotal and total, never points or payments
    When I add "Set Meal" to the cart
    Then the display shows the cart screen
    And the display shows subtotal ¥1,380
    And the display shows total ¥1,380
    And the display does not show discount
    And points are hidden
    And the display does not show paid
    And the display does not show change
    And the display shows the text "小計"
    And the display shows the text "合計"
    And the display shows the text "¥1,380"

  Scenario: The payment screen shows every amount that makes up the total
    Given I add "Set Meal" to the cart
    And I add "Latte" to the cart
    And I set a cart discount of 10%
    When I start checkout
    And I apply 300 points
    Then the display shows the payment screen
    And the display shows the lines:
      | name     | quantity | amount |
      | Set Meal | 1        | 1380   |
      | Latte    | 1        | 520    |
    And the display shows subtotal ¥1,900
    And the display shows discount ¥190
    And the display shows points ¥300
    And the display shows total ¥1,410
    And the display does not show remaining
    And the display shows the text "ポイント利用"
    And the display shows the text "割引"

  Scenario: The payment screen hides a discount and points that are not there
    Given I add "Latte" to the cart
    When I start checkout
    Then the display shows the payment screen
    And the display does not show discount
    And points are hidden
    And the display shows total ¥520

  Scenario: The partial screen shows only what was paid and what remains
    Given I add "Set Meal" to the cart
    And I start checkout
    And I apply 100 points
    When the customer pays ¥1,000 by card
    Then the display shows the partial screen
    And the display shows total ¥1,280
    And the display shows paid ¥1,000
    And the display shows remaining ¥280
    And the display does not show subtotal
    And points are hidden
    And the display does not show change
    And the display shows the text "残り"

  Scenario: The complete screen shows the change, even when it is ¥0
    Given I add "Croissant" to the cart
    And I start checkout
    When the customer pays ¥340 by QR
    Then the display shows the complete screen
    And the display shows total ¥340
    And the display shows paid ¥340
    And the display shows change ¥0
    And the display does not show remaining
    And the display does not show subtotal
    And the display shows the text "お釣り"
    And the display shows the text "お預かり"

  Scenario: The refund screen shows the order's lines and the amount given back
    Given I add "Croissant" to the cart
    And I start checkout
    And I apply 40 points
    And the customer pays ¥1,000 by cash
    And I serve the next customer
    When I start a refund of order "1001"
    Then the display shows the refund screen
    And the display shows the lines:
      | name      | quantity | amount |
      | Croissant | 1        | 340    |
    And the display shows refund ¥300
    And the display does not show total
    And the display does not show change
    And the display shows the text "返金"

  Scenario: Names are shown as text, never as markup
    When I add '<b>Tea & "Cake"</b>' at ¥450 to the cart
    Then the display shows the lines:
      | name                | quantity | amount |
      | <b>Tea & "Cake"</b> | 1        | 450    |
    And the display shows the text '<b>Tea & "Cake"</b>'
