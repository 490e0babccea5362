Feature: columns
  Scenario Outline: named otherwise
    Given I add <qty> "<item>" to the cart
    Then the total is <total> yen

    Examples:
      | quantity | itme  | <total> |
      | 2        | Latte | 1040    |
