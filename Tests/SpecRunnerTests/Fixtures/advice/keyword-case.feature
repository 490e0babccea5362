Feature: x
  Scenario: prose
    and this covers refunds
    Given a passing step

  Scenario: lower case
    Given a passing step
    then a passing step
    and a passing step
    Adn a passing step
