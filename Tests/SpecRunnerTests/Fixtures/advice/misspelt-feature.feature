Featur: x
  Scenario: one
    Given the catalog:
      | name  | price |
      | Latte | 520 |
