@register
Feature: Cart-wide discount (全体割引)
  Before checkout the cashier can give one discount on the whole cart: either a fixed
  amount in yen or a percentage from 1 to 100. A percentage is rounded down to whole yen
  (⌊subtotal × percent / 100⌋) and follows the cart when lines change. A discount is
  never more than the subtotal, so the total never goes below ¥0. Setting a new discount
  replaces the old one. The customer display shows the discount only when it is more
  than ¥0. A negative amount, or a percentage outside 1–100, is refused and the previous
  discount stays.

  Background:
    Given the catalog:
      | name      | price |
      | Latte     | 520   |
      | Espresso  | 380   |
      | Croissant | 340   |
      | Muffin    | 300   |
      | Set Meal  | 1380  |

  Scenario: A fixed discount is taken off the subtotal
    Given I add "Latte" to the cart
    And I add "Croissant" to the cart
    When I set a cart discount of ¥100
    Then the display shows subtotal ¥860
    And the display shows discount ¥100
    And the display shows total ¥760

  Scenario Outline: A percentage discount is rounded down to whole yen
    Given I add <quantity> "<product>" to the cart
    When I set a cart discount of <percent>%
    Then the display shows subtotal <subtotal>
    And the display shows discount <discount>
    And the display shows total <total>

    @rounding
    Examples: Fractions of a yen are dropped
      | product   | quantity | percent | subtotal | discount | total |
      | Latte     | 1        | 7       | ¥520     | ¥36      | ¥484  |
      | Espresso  | 3        | 33      | ¥1,140   | ¥376     | ¥764  |
      | Espresso  | 1        | 1       | ¥380     | ¥3       | ¥377  |
      | Croissant | 1        | 99      | ¥340     | ¥336     | ¥4    |

    @exact
    Examples: Whole-yen results
      | product  | quantity | percent | subtotal | discount | total  |
      | Set Meal | 2        | 15      | ¥2,760   | ¥414     | ¥2,346 |
      | Muffin   | 1        | 100     | ¥300     | ¥300     | ¥0     |

  Scenario: A percentage discount follows the cart when lines change
    Given I add "Latte" to the cart
    And I set a cart discount of 10%
    And the display shows discount ¥52
    When I add "Croissant" to the cart
    Then the display shows subtotal ¥860
    And the display shows discount ¥86
    And the display shows total ¥774

  Scenario: A fixed discount is never more than the subtotal
    Given I add "Muffin" to the cart
    When I set a cart discount of ¥500
    Then the display shows discount ¥300
    And the display shows total ¥0
    When I add "Espresso" to the cart
    Then the display shows discount ¥500
    And the display shows total ¥180

  Scenario: A new discount replaces the previous one
    Given I add "Set Meal" to the cart
    And I set a cart discount of 10%
    When I set a cart discount of ¥200
    Then the display shows discount ¥200
    And the display shows total ¥1,180

  Scenario: Clearing the discount brings back the full total
    Given I add "Set Meal" to the cart
    And I set a cart discount of 20%
    And the display shows discount ¥276
    When I clear the cart discount
    Then the display does not show discount
    And the display shows total ¥1,380

  Scenario: A ¥0 discount is allowed but not shown
    Given I add "Latte" to the cart
    When I try to set a cart discount of ¥0
    Then it succeeds
    And the display does not show discount
    And the display shows total ¥520

  Scenario Outline: An invalid discount is refused and the previous one stays (<discount>)
    Given I add "Latte" to the cart
    And I set a cart discount of 10%
    When I try to set a cart discount of <discount>
    Then it is rejected with "invalidDiscount"
    And the display shows discount ¥52
    And the display shows total ¥468

    @boundary
    Examples: Percentages outside 1–100
      | discount |
      | 0%       |
      | 101%     |
      | -5%      |

    @boundary
    Examples: Negative amounts
      | discount |
      | -¥1      |
