Feature: doc string opened on the step line

  Scenario: greeting
    When I serve the next customer
    Then the display shows the text """
      いらっしゃいませ
      """

  Scenario: the welcome screen
    Then the display shows the welcome screen
