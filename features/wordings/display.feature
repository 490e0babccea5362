@display @wordings
Feature: The customer display's steps as QA write them
  The customer display is also "the customer display", its name in the product; a field
  may be written with its article (the total ¥600); a check may say "should"; the
  updates may be counted as "has been updated N times". The second display's updates
  are counted as the first's are.

  Background:
    Given the catalog:
      | name  | price |
      | Latte | 520   |

  Scenario: The customer display by its name, and a field with its article
    When I add "Latte" to the cart
    Then the customer display shows the cart screen
    And the display shows the total ¥520
    And the customer display shows the subtotal ¥520
    And the customer display does not show the discount
    And the display should not show paid
    And the customer display should show the text "Latte"
    And the customer display should show the lines:
      | name  | quantity | amount |
      | Latte | 1        | 520    |

  Scenario: The updates counted as QA say it
    Then the display has been updated 0 times
    When I add "Latte" to the cart
    Then the display has been updated 1 time
    And the display was updated 1 time
    And the customer display should have received 1 update
    When I add "Latte" to the cart
    Then the customer display has been updated 2 times
    And the display received 2 updates

  Scenario: The second display's updates are counted too
    When a second display connects
    Then the second display received 0 updates
    When I add "Latte" to the cart
    Then the second display has been updated 1 time
    And the second display shows the cart screen
    When I start checkout
    Then the second display should have received 2 updates
    And the second display was updated 2 times
