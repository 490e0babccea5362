Feature: words of prose shaped like keywords
  Role: cashier
  Features: points, cart
  Background music is on all day
  Scenaro: still a keyword typed wrong

  Scenario: one
    Sample: a member with 500 points
    Samples: two of them
    Background music is loud
    Features: none
    Given a passing step
