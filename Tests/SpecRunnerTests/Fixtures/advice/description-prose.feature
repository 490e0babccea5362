Feature: prose in descriptions

  Scenario: one
    They pay with a 1000 yen note.
    then the cashier hands over the receipt.
    Scenario planning is owned by the floor manager.
    Given a passing step

  Scenario: a step typed wrong is still found
    Givn a passing step
    Then a passing step
