@register @phases
Feature: Every register action belongs to a phase
  The register is always in exactly one phase: the cart phase (items go into the cart),
  the payment phase (points and payments), complete (the order is recorded, the change
  is known) or refunding. An action used outside its phase is refused with "wrongPhase"
  before any other check, and nothing changes. Replacing the catalog is allowed in every
  phase.

  Background:
    Given the catalog:
      | name   | price |
      | Latte  | 520   |
      | Muffin | 300   |
    And the customer is a loyalty member with 1000 points
    And I add "Latte" to the cart

  Scenario Outline: In the cart phase, payment and refund actions are refused: <attempt>
    When I try to <attempt>
    Then it is rejected with "wrongPhase"
    And the display shows the cart screen
    And the display shows total ¥520

    Examples:
      | attempt                            |
      | go back to edit the cart           |
      | cancel the payments                |
      | complete the order without payment |
      | serve the next customer            |
      | confirm the refund                 |

    @order
    Examples: The phase is checked first
      | attempt         |
      | apply -1 points |

  Scenario: In the cart phase, the customer cannot pay yet
    When the customer tries to pay ¥1,000 by cash
    Then it is rejected with "wrongPhase"
    And the display shows the cart screen

  Scenario Outline: In the payment phase, the cart is locked: <attempt>
    Given I start checkout
    When I try to <attempt>
    Then it is rejected with "wrongPhase"
    And the display shows the payment screen
    And the display shows the lines:
      | name  | quantity | amount |
      | Latte | 1        | 520    |

    Examples:
      | attempt                             |
      | change the quantity of "Latte" to 2 |
      | remove "Latte" from the cart        |
      | clear the cart discount             |
      | start checkout                      |
      | start a refund of order "1001"      |
      | cancel the refund                   |

    @order
    Examples: The phase is checked first
      | attempt                     |
      | add "Green Tea" to the cart |
      | set a cart discount of 0%   |

  Scenario Outline: Once the order is complete, only the next customer can follow: <attempt>
    Given I start checkout
    And the customer pays ¥1,000 by cash
    When I try to <attempt>
    Then it is rejected with "wrongPhase"
    And the display shows the complete screen
    And the display shows change ¥480

    Examples:
      | attempt                                  |
      | add "Muffin" to the cart                 |
      | identify a loyalty member with 50 points |
      | start checkout                           |
      | apply 100 points                         |
      | cancel the payments                      |
      | start a refund of order "1001"           |

    @order
    Examples: The phase is checked before "paymentsTaken"
      | attempt                  |
      | clear the member         |
      | go back to edit the cart |

  Scenario: Once the order is complete, no further payment is taken
    Given I start checkout
    And the customer pays ¥520 by card
    When the customer tries to pay ¥100 by cash
    Then it is rejected with "wrongPhase"
    And the display shows paid ¥520

  Scenario: The catalog can be replaced in every phase
    Given I start checkout
    When I try to set the catalog:
      | name  | price |
      | Latte | 600   |
    Then it succeeds
    And the display shows total ¥520
    When the customer pays ¥520 by card
    And I try to set the catalog:
      | name  | price |
      | Latte | 650   |
    Then it succeeds
    When I serve the next customer
    And I add "Latte" to the cart
    Then the display shows total ¥650
