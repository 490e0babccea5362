Feature: t
  Scenario: one
    Given the catalog:
      | name  | price |
      | Latte | 520 |
    Then
