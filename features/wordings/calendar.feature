@calendar @wordings
Feature: The calendar's steps as QA write them
  The plain forms of the try forms set the staff, the reservations and the metrics;
  the calendar's load has the try form QA write for it; a reservation's vertical position,
  the hours the grid shows and the error view's text have steps of their own. Hour width
  120 unless a scenario sets another.

  Scenario: The plain forms of the try forms, and where a reservation is drawn
    When I set the staff:
      | name | capacity |
      | Aoi  | 2        |
      | Ren  | 1        |
    And I set the calendar metrics to hour width 60, item height 30, padding 2
    And I set the reservations:
      | id | staff | start | end   |
      | R1 | Aoi   | 10:00 | 11:00 |
      | R2 | Aoi   | 10:30 | 11:30 |
      | R3 | Ren   | 10:00 | 11:00 |
    Then reservation "R1" is drawn at x 600 with width 60
    And reservation "R1" is drawn at y 0
    And reservation "R2" is drawn at y 32
    And reservation "R3" should be drawn at y 64
    And reservation "R2" should be in lane 1

  Scenario: The hours the grid shows
    Given the staff:
      | name |
      | Aoi  |
    And I set the viewport to 600 wide and 200 high
    Then the visible time range is 0:00 to 5:00
    When I scroll the grid to 9:00
    Then the visible time range is from 9:00 to 14:00
    And the visible time range should be 9:00 to 14:00

  Scenario: The error view's text, after the try form QA write for the load
    Given the booking service fails with "Timeout"
    When the calendar tries to load
    Then it succeeds
    And the calendar shows the error view with "Timeout"
    And the calendar should show the error view
    When I load the calendar
    Then the calendar shows the error view with "Timeout"
