Feature: words of prose shaped like keywords
  Role: cashier
  Features: points, cart
  Background music is on all day
  Future: QR refunds come later
  Scenaro: still a keyword typed wrong

  Background:
    Scenario notes apply to every scenario below
    Given a passing step

  Scenario: one
    Sample: a member with 500 points
    Samples: two of them
    Background music is loud
    Features: none
    Examine: the display
    They pay by card and leave
    Give the customer a receipt
    The cashier adds a latte and
    then the text is "x", and
    when the customer is a member
    When: at opening time, 10:00
    Given a passing step

  Scenario: mistakes are still found
    Given: a passing step
    then a passing step
    Thne a passing step
    They a passing step
    Given a passing step
