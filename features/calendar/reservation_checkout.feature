@calendar @register
Feature: Checking out a reservation (予約のお会計)
  When a customer with a reservation comes to pay, the cashier checks out the
  reservation from the calendar: its menu items go into the register's cart as ad hoc
  items (the menu's name and price, quantity 1), and the customer display updates like
  for any other cart change. The register must be in the cart phase. A reservation is
  checked out once; checking it out again, even after the cart was cleared, is refused
  with alreadyCheckedOut. An id that is not booked is refused with unknownReservation.

  Background:
    Given the catalog:
      | name    | price |
      | Cut     | 4000  |
      | Shampoo | 2200  |
    And the staff:
      | name | capacity |
      | Aoi  | 1        |
    And the reservations:
      | id | staff | start | end   | customer |
      | R1 | Aoi   | 10:00 | 11:00 | Sato     |
      | R2 | Aoi   | 11:00 | 12:30 | Suzuki   |
    And reservation "R1" includes:
      | name      | price |
      | Cut       | 4000  |
      | Treatment | 1500  |
    And reservation "R2" includes:
      | name  | price |
      | Cut   | 3500  |
      | Color | 6000  |

  @smoke
  Scenario: The reservation's menu goes into the cart and is paid like any sale
    When I check out reservation "R1"
    Then the display shows the cart screen
    And the display shows the lines:
      | name      | quantity | amount |
      | Cut       | 1        | 4000   |
      | Treatment | 1        | 1500   |
    And the display shows subtotal ¥5,500
    When I start checkout
    And the customer pays ¥6,000 by cash
    Then the display shows change ¥500
    And the last order is "1001"
    And reservation "R1" is drawn at x 1200 with width 120

  Scenario: The menu is added to what is already in the cart
    Given I add "Shampoo" to the cart
    And I add "Cut" to the cart
    When I check out reservation "R1"
    Then the display shows the lines:
      | name      | quantity | amount |
      | Shampoo   | 1        | 2200   |
      | Cut       | 2        | 8000   |
      | Treatment | 1        | 1500   |
    And the display shows total ¥11,700

  Scenario: Menu prices are used, not catalog prices
    When I check out reservation "R2"
    Then the display shows the lines:
      | name  | quantity | amount |
      | Cut   | 1        | 3500   |
      | Color | 1        | 6000   |
    When I try to add "Cut" to the cart
    Then it is rejected with "priceMismatch"

  Scenario: A reservation is checked out only once
    Given I check out reservation "R1"
    And I remove "Cut" from the cart
    And I remove "Treatment" from the cart
    When I try to check out reservation "R1"
    Then it is rejected with "alreadyCheckedOut"
    And the display shows the welcome screen
    When I try to check out reservation "R2"
    Then it succeeds

  Scenario: Only booked reservations can be checked out
    When I try to check out reservation "R9"
    Then it is rejected with "unknownReservation"
    And the display received 0 updates

  Scenario: A menu line with a negative price is kept, and refused when it becomes an item
    Given reservation "R2" includes:
      | name   | price |
      | Color  | 6000  |
      | Coupon | -500  |
    When I try to check out reservation "R2"
    Then it is rejected with "invalidPrice"
    And the display shows the welcome screen
    And the display received 0 updates
    When I try to check out reservation "R2"
    Then it is rejected with "invalidPrice"

  @order
  Scenario: Outside the cart phase, checking out is refused before anything else
    Given I add "Shampoo" to the cart
    And I start checkout
    When I try to check out reservation "R1"
    Then it is rejected with "wrongPhase"
    When I try to check out reservation "R9"
    Then it is rejected with "wrongPhase"
    And the display shows the payment screen
    When I go back to edit the cart
    And I try to check out reservation "R1"
    Then it succeeds
