Feature: steps without keywords
  Scenario: first line
    I add 2 "Latte" to the cart
    When a passing step

  Scenario: prose
    This scenario checks the cart.
    When a passing step
