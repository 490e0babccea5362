Feature: columns
  Scenario Outline: one name twice
    Given I add "<item>" to the cart
    Then the display shows total <total>

    Examples:
      | item  | total | total |
      | Latte | ¥450  | ¥500  |
