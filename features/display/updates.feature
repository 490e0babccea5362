@display
Feature: How the customer display is kept up to date
  The register pushes a complete snapshot of the screen each time the screen changes.
  A display that connects gets the current screen at once (it never starts blank), so a
  second display (the customer's phone beside the counter screen) shows the same thing.
  A snapshot is sent only when it differs from the last one sent: a change that does not
  change the screen (a ¥0 discount, the same quantity again, a refused action, a member
  identified while the cart is shown) sends nothing. Snapshots arrive in the order of the
  changes that produced them.

  Background:
    Given the catalog:
      | name      | price |
      | Latte     | 520   |
      | Croissant | 340   |

  @smoke
  Scenario: Each change of the screen sends exactly one snapshot, in order
    Then the display received 0 updates
    When I add "Latte" to the cart
    And I add "Croissant" to the cart
    And I start checkout
    And the customer pays ¥500 by card
    And the customer pays ¥500 by cash
    Then the display shows the complete screen
    And the display shows change ¥140
    And the display received 5 updates

  Scenario: A change that leaves the screen as it was sends nothing
    Given I add "Latte" to the cart
    When I change the quantity of "Latte" to 1
    Then the display was not updated
    When I set a cart discount of ¥0
    And I identify a loyalty member with 500 points
    Then the display received 1 update
    When I start checkout
    And I apply 0 points
    Then the display received 2 updates

  Scenario: A refused action sends nothing
    Given I add "Latte" to the cart
    When I try to add "Green Tea" to the cart
    Then it is rejected with "unknownProduct"
    When I try to set a cart discount of 120%
    Then it is rejected with "invalidDiscount"
    Then the display received 1 update
    And the display shows total ¥520

  Scenario: Replacing the catalog does not disturb the welcome screen
    Given the catalog:
      | name     | price |
      | Espresso | 380   |
    Then the display shows the welcome screen
    And the display received 0 updates

  Scenario: A display that connects later shows the current screen at once
    Given I add "Latte" to the cart
    When a second display connects
    Then the second display shows the cart screen
    When I start checkout
    Then the second display shows the payment screen
    And the display shows the payment screen

  Scenario: A second display follows the sale to the end
    Given a second display connects
    And the second display shows the welcome screen
    When I add "Croissant" to the cart
    And I start checkout
    And the customer pays ¥1,000 by cash
    Then the second display shows the complete screen
    When I serve the next customer
    Then the second display shows the welcome screen
