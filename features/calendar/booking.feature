@calendar
Feature: Booking reservations
  The calendar holds one day (0:00–24:00) of reservations, one row per staff member. Each
  staff member can serve a number of reservations at the same time (同時可能予約数). A
  booking is checked in this order and refused with the first rule it breaks:

  1. invalidTime: the end is not after the start, or the time is outside 0:00–24:00;
  2. unknownStaff: no such staff member;
  3. duplicateReservation: the reservation id is already taken;
  4. overCapacity: it would make more of that staff member's reservations overlap at
     some instant than their capacity allows.

  Overlap is judged on the real times, half-open: 10:00–11:00 and 11:00–12:00 do not
  overlap. Cancelling frees the slot; cancelling an id that is not booked is refused
  with unknownReservation.

  Background:
    Given the staff:
      | name | capacity |
      | Aoi  | 1        |
      | Ren  | 2        |
    And the reservations:
      | id | staff | start | end   | customer |
      | R1 | Aoi   | 10:00 | 11:00 | Sato     |

  @smoke
  Scenario: A free slot can be booked; capacity is counted per staff member
    When I try to book "R2" with "Aoi" from 11:00 to 12:00
    Then it succeeds
    And reservation "R2" is drawn at x 1320 with width 120
    When I try to book "R3" with "Ren" from 10:00 to 11:00
    Then it succeeds

  Rule: A booking needs a valid time, a known staff member and a new id, checked in that order

    Scenario Outline: A booking that is refused: <why>
      When I try to book "<id>" with "<staff>" from <start> to <end>
      Then it is rejected with "<code>"

      @time
      Examples: Times
        | why                   | id | staff | start | end   | code        |
        | ends when it starts   | R2 | Aoi   | 12:00 | 12:00 | invalidTime |
        | ends before it starts | R2 | Aoi   | 13:00 | 12:00 | invalidTime |
        | runs past midnight    | R2 | Aoi   | 23:30 | 24:30 | invalidTime |
        | starts at minute 60   | R2 | Aoi   | 10:60 | 11:30 | invalidTime |

      @names
      Examples: Staff and ids
        | why                  | id | staff | start | end   | code                 |
        | unknown staff member | R2 | Kai   | 12:00 | 13:00 | unknownStaff         |
        | id already booked    | R1 | Ren   | 12:00 | 13:00 | duplicateReservation |

      @order
      Examples: The first rule broken gives the code
        | why                              | id | staff | start | end   | code                 |
        | bad time, unknown staff, same id | R1 | Kai   | 11:00 | 10:00 | invalidTime          |
        | unknown staff and same id        | R1 | Kai   | 12:00 | 13:00 | unknownStaff         |
        | same id and over capacity        | R1 | Aoi   | 10:30 | 11:30 | duplicateReservation |

    Scenario: The whole day can be booked, from 0:00 up to 24:00
      When I try to book "R2" with "Aoi" from 0:00 to 0:30
      Then it succeeds
      When I try to book "R3" with "Aoi" from 23:00 to 24:00
      Then it succeeds

  Rule: Capacity counts reservations that overlap at the same instant; end times are exclusive

    Scenario Outline: With capacity 1, a booking from <start> to <end> next to 10:00–11:00 fits
      When I try to book "R2" with "Aoi" from <start> to <end>
      Then it succeeds

      Examples:
        | start | end   |
        | 11:00 | 12:00 |
        | 9:00  | 10:00 |

    Scenario Outline: With capacity 1, a booking from <start> to <end> clashes with 10:00–11:00
      When I try to book "R2" with "Aoi" from <start> to <end>
      Then it is rejected with "overCapacity"

      Examples:
        | start | end   |
        | 10:59 | 12:00 |
        | 9:00  | 10:01 |
        | 9:00  | 12:00 |

    Scenario: With capacity 2, three bookings fit as long as no three overlap at once
      Given the reservations:
        | id | staff | start | end   | customer |
        | R2 | Ren   | 10:00 | 11:00 | Suzuki   |
        | R3 | Ren   | 10:30 | 11:30 | Tanaka   |
        | R4 | Ren   | 11:00 | 12:00 | Ito      |
      When I try to book "R5" with "Ren" from 10:45 to 11:15
      Then it is rejected with "overCapacity"
      When I try to book "R5" with "Ren" from 11:30 to 12:30
      Then it succeeds

    Scenario: Short bookings that only look close on screen do not clash
      When I try to book "R2" with "Aoi" from 12:00 to 12:10
      Then it succeeds
      When I try to book "R3" with "Aoi" from 12:10 to 12:20
      Then it succeeds

  Rule: Cancelling frees the slot

    Scenario: A cancelled slot and its id can be booked again
      When I cancel booking "R1"
      And I try to book "R1" with "Aoi" from 10:00 to 11:00
      Then it succeeds

    Scenario Outline: Cancelling a reservation that is not booked: <which>
      Given I cancel booking "R1"
      When I try to cancel booking "<id>"
      Then it is rejected with "unknownReservation"

      Examples:
        | which        | id |
        | already gone | R1 |
        | never booked | R9 |

  Scenario: Booking alone shows nothing and leaves the register alone
    When I try to book "R2" with "Ren" from 9:00 to 9:30
    Then it succeeds
    And the calendar shows the empty view
    And the display shows the welcome screen
    And the display received 0 updates

  Scenario: A refused reservations table books none of its rows
    When I try to set the reservations:
      | id | staff | start | end   |
      | R2 | Ren   | 9:00  | 10:00 |
      | R3 | Aoi   | 10:30 | 11:30 |
    Then it is rejected with "overCapacity"
    When I try to cancel booking "R2"
    Then it is rejected with "unknownReservation"

  Rule: A new staff list takes away the reservations of whoever it leaves out

    Scenario: A staff member left out is not drawn, and their reservations go with them
      When I try to set the staff:
        | name |
        | Ren  |
      Then it succeeds
      And the visible staff are "Ren"
      When I try to book "R2" with "Aoi" from 12:00 to 13:00
      Then it is rejected with "unknownStaff"
      When I try to cancel booking "R1"
      Then it is rejected with "unknownReservation"
      Given the staff:
        | name | capacity |
        | Aoi  | 1        |
        | Ren  | 2        |
      Then the row of "Aoi" has 1 lane
      When I try to book "R1" with "Ren" from 10:00 to 11:00
      Then it succeeds

    Scenario: A staff member with capacity 0 is on the list but takes no bookings
      Given the staff:
        | name    | capacity |
        | Aoi     | 1        |
        | Ren     | 2        |
        | Trainee | 0        |
      Then the visible staff are "Aoi, Ren, Trainee"
      When I try to book "T1" with "Trainee" from 10:00 to 11:00
      Then it is rejected with "overCapacity"

    Scenario: Lowering a capacity keeps the bookings made before; new ones meet the new capacity
      Given I book "R2" with "Ren" from 10:00 to 11:00
      And I book "R3" with "Ren" from 10:30 to 11:30
      When I try to set the staff:
        | name | capacity |
        | Aoi  | 1        |
        | Ren  | 1        |
      Then it succeeds
      And the row of "Ren" has 2 lanes
      When I try to book "R4" with "Ren" from 10:45 to 11:15
      Then it is rejected with "overCapacity"
      When I try to book "R5" with "Ren" from 12:00 to 13:00
      Then it succeeds
