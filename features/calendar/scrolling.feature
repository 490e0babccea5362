@calendar @scrolling
Feature: Scrolling the calendar
  Three panes scroll together: the staff names (up and down), the time header (left and
  right) and the grid (both). Scrolling the grid moves the time header and the staff
  column with it; scrolling the staff column moves only the grid's vertical offset; the
  time header only its horizontal one. The viewport is the grid pane alone (800 × 600 by
  default). Offsets stay between 0 and the content size minus the viewport (never below
  0): the content is 24 hours wide and as high as all rows together. A staff member is
  visible when any part of their row is inside the viewport; a row that ends exactly
  where the viewport starts is not.

  Background:
    Given the staff:
      | name | capacity |
      | Aoi  | 2        |
      | Ren  | 1        |
      | Mei  | 1        |
      | Sora | 1        |
      | Hina | 1        |
    And the viewport is 800 wide and 100 high

  @smoke
  Scenario: Scrolling the grid moves the time header and the staff column
    When I scroll the grid to x 1080 and y 48
    Then the time header starts at 9:00
    And the staff column is scrolled to y 48
    And the visible staff are "Ren, Mei, Sora"

  Scenario: Scrolling the grid to a time keeps the vertical offset
    Given I scroll the grid to x 0 and y 48
    When I scroll the grid to 12:00
    Then the time header starts at 12:00
    And the staff column is scrolled to y 48

  Scenario: Scrolling the staff column moves the grid only up and down
    Given I scroll the grid to 9:00
    When I scroll the staff column to y 96
    Then the staff column is scrolled to y 96
    And the time header starts at 9:00
    And the visible staff are "Mei, Sora, Hina"

  Scenario: Scrolling the time header moves the grid only left and right
    Given I scroll the staff column to y 48
    When I scroll the time header to 15:30
    Then the time header starts at 15:30
    And the staff column is scrolled to y 48

  Scenario Outline: A time outside the day has no place on the axis: <time> is refused
    Given I scroll the grid to 9:00
    When I try to scroll the <pane> to <time>
    Then it is rejected with "invalidTime"
    And the time header starts at 9:00

    Examples:
      | pane        | time  |
      | time header | 25:00 |
      | grid        | 10:60 |

  Scenario Outline: Scrolling the grid to x <x>, y <y> is kept inside the content
    When I scroll the grid to x <x> and y <y>
    Then the time header starts at <header>
    And the staff column is scrolled to y <staff y>
    And the visible staff are "<visible>"

    @inside
    Examples: Inside the content
      | x    | y    | header | staff y | visible             |
      | 0    | 0    | 0:00   | 0       | Aoi, Ren, Mei       |
      | 1230 | 47.5 | 10:15  | 47.5    | Aoi, Ren, Mei, Sora |
      | 2080 | 140  | 17:20  | 140     | Mei, Sora, Hina     |

    @clamped
    Examples: Clamped to the edges
      | x    | y   | header | staff y | visible         |
      | -120 | -48 | 0:00   | 0       | Aoi, Ren, Mei   |
      | 2400 | 300 | 17:20  | 140     | Mei, Sora, Hina |

  Scenario: Scrolling to a late hour stops where 24:00 meets the right edge
    When I scroll the grid to 23:00
    Then the time header starts at 17:20

  Scenario: Visibility is half-open: a row ending at the top edge is not visible
    Given the viewport is 800 wide and 96 high
    When I scroll the staff column to y 48
    Then the visible staff are "Ren, Mei"

  Scenario: A row with more lanes pushes the rows below it down
    Given the reservations:
      | id | staff | start | end   | customer |
      | R1 | Aoi   | 10:00 | 11:00 | Sato     |
      | R2 | Aoi   | 10:30 | 11:30 | Suzuki   |
    When I scroll the staff column to y 0
    Then the visible staff are "Aoi, Ren"
    When I scroll the staff column to y 500
    Then the staff column is scrolled to y 188
    And the visible staff are "Mei, Sora, Hina"

  Scenario: Content smaller than the viewport does not scroll
    Given the viewport is 800 wide and 600 high
    And the calendar metrics are hour width 30, item height 44, padding 4
    When I scroll the grid to x 300 and y 100
    Then the time header starts at 0:00
    And the staff column is scrolled to y 0
    And the visible staff are "Aoi, Ren, Mei, Sora, Hina"

  Scenario: Widening the viewport clamps the offset again
    Given I scroll the grid to 20:00
    And the time header starts at 17:20
    When I set the viewport to 2880 wide and 600 high
    Then the time header starts at 0:00

  Scenario: An offset clamped by a larger viewport stays there when the viewport shrinks back
    Given I scroll the grid to x 0 and y 96
    When I set the viewport to 800 wide and 200 high
    Then the staff column is scrolled to y 40
    When I set the viewport to 800 wide and 100 high
    Then the staff column is scrolled to y 40
    And the visible staff are "Aoi, Ren, Mei"

  Scenario: Custom metrics change how far the grid can scroll
    Given the calendar metrics are hour width 60, item height 44, padding 4
    When I scroll the grid to 20:00
    Then the time header starts at 10:40
