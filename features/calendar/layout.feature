@calendar @layout
Feature: Laying out the day
  Time runs left to right: a reservation starts at x = hours since 0:00 × hour width and
  is as wide as it lasts. A reservation shorter than 30 minutes is drawn 30 minutes long,
  so it stays readable and big enough to tap, but never past 24:00. Within one staff row,
  reservations are taken by start time (then by id, character by character) and each
  goes into the lowest lane that is free on screen, so bookings that overlap as drawn
  stack, even if their real times do not overlap. A row is as high as its lanes
  (lanes × (item height + padding)), and at least one lane high when empty. The defaults
  are hour width 120, item height 44 and padding 4.

  Background:
    Given the staff:
      | name | capacity |
      | Aoi  | 3        |
      | Ren  | 1        |

  Scenario Outline: A reservation from <start> to <end> is drawn at x <x> with width <width>
    When I book "R1" with "Aoi" from <start> to <end>
    Then reservation "R1" is drawn at x <x> with width <width>

    @position
    Examples: Position and length
      | start | end   | x    | width |
      | 0:00  | 1:00  | 0    | 120   |
      | 9:15  | 10:45 | 1110 | 180   |
      | 0:00  | 24:00 | 0    | 2880  |

    @minimum
    Examples: Shorter than 30 minutes is drawn 30 minutes long
      | start | end   | x    | width |
      | 13:40 | 14:05 | 1640 | 60    |
      | 17:05 | 17:15 | 2050 | 60    |

    @midnight
    Examples: Clipped at 24:00
      | start | end   | x    | width |
      | 23:45 | 24:00 | 2850 | 30    |
      | 23:50 | 24:00 | 2860 | 20    |

  Scenario: Custom metrics scale the positions and the row heights
    Given the calendar metrics are hour width 60, item height 30, padding 2
    And the reservations:
      | id | staff | start | end   | customer |
      | R1 | Aoi   | 10:00 | 11:30 | Sato     |
      | R2 | Aoi   | 11:00 | 11:10 | Suzuki   |
    Then reservation "R1" is drawn at x 600 with width 90
    And reservation "R2" is drawn at x 660 with width 30
    And the row of "Aoi" has 2 lanes
    And the row of "Aoi" is 64 high
    And the row of "Ren" is 32 high

  Scenario: Fractional metrics are kept exactly
    Given the calendar metrics are hour width 100.5, item height 40.5, padding 3.25
    When I book "R1" with "Ren" from 10:00 to 11:30
    Then reservation "R1" is drawn at x 1005 with width 150.75
    And the row of "Ren" is 43.75 high

  @smoke
  Scenario: Overlapping reservations stack in lanes; touching ones share a lane
    Given the reservations:
      | id | staff | start | end   | customer |
      | R1 | Aoi   | 10:00 | 11:00 | Sato     |
      | R2 | Aoi   | 10:30 | 11:30 | Suzuki   |
      | R3 | Aoi   | 11:00 | 12:00 | Tanaka   |
      | R4 | Aoi   | 11:30 | 12:30 | Ito      |
    Then reservation "R1" is in lane 0
    And reservation "R2" is in lane 1
    And reservation "R3" is in lane 0
    And reservation "R4" is in lane 1
    And the row of "Aoi" has 2 lanes
    And the row of "Aoi" is 96 high

  Scenario: Short bookings stack because they overlap as drawn
    Given the reservations:
      | id | staff | start | end   | customer |
      | R1 | Ren   | 10:00 | 10:10 | Sato     |
      | R2 | Ren   | 10:20 | 10:30 | Suzuki   |
      | R3 | Ren   | 10:30 | 10:40 | Tanaka   |
    Then reservation "R1" is drawn at x 1200 with width 60
    And reservation "R2" is drawn at x 1240 with width 60
    And reservation "R1" is in lane 0
    And reservation "R2" is in lane 1
    And reservation "R3" is in lane 0
    And the row of "Ren" has 2 lanes
    And the row of "Ren" is 96 high

  Scenario: Reservations that start together are placed by id, character by character
    Given the reservations:
      | id  | staff | start | end   | customer |
      | R9  | Aoi   | 9:00  | 9:30  | Sato     |
      | R2  | Aoi   | 9:00  | 11:00 | Suzuki   |
      | R10 | Aoi   | 9:00  | 10:00 | Tanaka   |
    Then reservation "R10" is in lane 0
    And reservation "R2" is in lane 1
    And reservation "R9" is in lane 2
    And the row of "Aoi" has 3 lanes
    And the row of "Aoi" is 144 high

  Scenario: A row with no reservations is one lane high
    Then the row of "Ren" has 1 lane
    And the row of "Ren" is 48 high

  Scenario: A cancelled reservation frees its lane
    Given the reservations:
      | id | staff | start | end   | customer |
      | R1 | Aoi   | 10:00 | 11:00 | Sato     |
      | R2 | Aoi   | 10:30 | 11:30 | Suzuki   |
    When I cancel booking "R1"
    Then reservation "R2" is in lane 0
    And the row of "Aoi" is 48 high

  @scrolling
  Scenario: By default the grid pane is 800 wide and 600 high
    When I scroll the grid to x 2880 and y 300
    Then the time header starts at 17:20
    And the staff column is scrolled to y 0
    And the visible staff are "Aoi, Ren"
