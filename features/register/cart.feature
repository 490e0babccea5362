@register
Feature: Building the cart
  At the counter the cashier puts the customer's items into the cart, before checkout
  (the cart phase). An item comes from the catalog at its catalog price, or is keyed in
  ad hoc with its own price. A cart line is identified by its name: adding the same name
  again raises that line's quantity, and one name can only be in the cart at one price.
  Lines stay in the order in which they were first added. Setting a quantity to 0 removes
  the line; removing the last line brings the customer display back to the welcome screen.
  A refused change leaves the cart exactly as it was.

  Background:
    Given the catalog:
      | name      | price |
      | Latte     | 520   |
      | Espresso  | 380   |
      | Croissant | 340   |
      | Muffin    | 300   |
      | Set Meal  | 1380  |

  Scenario: Items from the catalog are added at their catalog price
    When I add "Latte" to the cart
    And I add 2 "Croissant" to the cart
    Then the display shows the cart screen
    And the display shows the lines:
      | name      | quantity | amount |
      | Latte     | 1        | 520    |
      | Croissant | 2        | 680    |
    And the display shows subtotal ¥1,200
    And the display shows total ¥1,200

  Scenario: Adding a name that is already in the cart raises that line's quantity
    When I add "Latte" to the cart
    And I add "Muffin" to the cart
    And I add 2 "Latte" to the cart
    Then the display shows the lines:
      | name   | quantity | amount |
      | Latte  | 3        | 1560   |
      | Muffin | 1        | 300    |
    And the display shows subtotal ¥1,860

  Scenario: An ad hoc item is keyed in with its own price
    When I add "Gift wrap" at ¥150 to the cart
    And I add "Gift wrap" at ¥150 to the cart
    And I add "Espresso" to the cart
    Then the display shows the lines:
      | name      | quantity | amount |
      | Gift wrap | 2        | 300    |
      | Espresso  | 1        | 380    |
    And the display shows total ¥680

  Scenario: An ad hoc price is used even for a name in the catalog
    When I add "Latte" at ¥500 to the cart
    Then the display shows the lines:
      | name  | quantity | amount |
      | Latte | 1        | 500    |
    When I try to add "Latte" to the cart
    Then it is rejected with "priceMismatch"

  Scenario: A free item is allowed
    When I add "Tasting cup" at ¥0 to the cart
    Then the display shows the cart screen
    And the display shows the lines:
      | name        | quantity | amount |
      | Tasting cup | 1        | 0      |
    And the display shows total ¥0

  Scenario: Changing the quantity of a line
    Given I add "Latte" to the cart
    And I add "Muffin" to the cart
    When I change the quantity of "Latte" to 4
    Then the display shows the lines:
      | name   | quantity | amount |
      | Latte  | 4        | 2080   |
      | Muffin | 1        | 300    |
    And the display shows subtotal ¥2,380

  Scenario: Setting a quantity to 0 removes the line
    Given I add "Latte" to the cart
    And I add "Muffin" to the cart
    When I change the quantity of "Latte" to 0
    Then the display shows the lines:
      | name   | quantity | amount |
      | Muffin | 1        | 300    |
    And the display shows total ¥300

  Scenario: Removing the last line brings back the welcome screen
    Given I add "Set Meal" to the cart
    When I remove "Set Meal" from the cart
    Then the display shows the welcome screen
    And the display does not show total
    When I try to start checkout
    Then it is rejected with "emptyCart"

  Scenario Outline: The cart refuses a change it cannot make: <attempt>
    Given I add "Latte" to the cart
    When I try to <attempt>
    Then it is rejected with "<code>"
    And the display shows the lines:
      | name  | quantity | amount |
      | Latte | 1        | 520    |
    And the display received 1 update

    @unknown
    Examples: Names the catalog or the cart does not know
      | attempt                              | code           |
      | add "Green Tea" to the cart          | unknownProduct |
      | change the quantity of "Muffin" to 2 | unknownLine    |
      | remove "Muffin" from the cart        | unknownLine    |

    @numbers
    Examples: Prices and quantities out of range
      | attempt                              | code            |
      | add "Gift wrap" at -¥100 to the cart | invalidPrice    |
      | add 0 "Croissant" to the cart        | invalidQuantity |
      | change the quantity of "Latte" to -1 | invalidQuantity |

    @price
    Examples: One name, one price
      | attempt                         | code          |
      | add "Latte" at ¥480 to the cart | priceMismatch |

    @order
    Examples: The first failing check gives the code
      | attempt                               | code           |
      | add 0 "Green Tea" to the cart         | unknownProduct |
      | change the quantity of "Muffin" to -1 | unknownLine    |
      | add "Latte" at -¥1 to the cart        | invalidPrice   |

  @order
  Scenario: A quantity below 1 is reported before a price mismatch
    Given I add "Latte" at ¥500 to the cart
    When I try to add 0 "Latte" to the cart
    Then it is rejected with "invalidQuantity"
    When I try to add "Latte" to the cart
    Then it is rejected with "priceMismatch"

  Scenario: Replacing the catalog keeps the price of lines already in the cart
    Given I add "Latte" to the cart
    And the catalog:
      | name     | price |
      | Latte    | 560   |
      | Espresso | 380   |
    Then the display received 1 update
    And the display shows subtotal ¥520
    When I try to add "Latte" to the cart
    Then it is rejected with "priceMismatch"
    When I try to add "Croissant" to the cart
    Then it is rejected with "unknownProduct"
    When I remove "Latte" from the cart
    And I add "Latte" to the cart
    Then the display shows subtotal ¥560

  Scenario Outline: An invalid catalog is refused and the previous catalog stays (<case>)
    When I try to set the catalog:
      | name     | price          |
      | <first>  | <first price>  |
      | <second> | <second price> |
      | <third>  | <third price>  |
    Then it is rejected with "<code>"
    When I add "Set Meal" to the cart
    Then the display shows subtotal ¥1,380
    When I try to add "<first>" to the cart
    Then it is rejected with "unknownProduct"

    Examples:
      | case                       | first | first price | second | second price | third | third price | code             |
      | negative price             | Tea   | 200         | Cake   | -1           | Scone | 350         | invalidPrice     |
      | a name twice               | Tea   | 200         | Cake   | 450          | Tea   | 220         | duplicateProduct |
      | both, price is checked 1st | Tea   | 200         | Tea    | 220          | Cake  | -450        | invalidPrice     |
