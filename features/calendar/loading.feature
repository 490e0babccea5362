@calendar @loading
Feature: Loading reservations from the booking service
  The calendar loads the day's reservations from the booking service. What it shows
  depends on whether it already shows content:

  - a load starts: with content shown, keep it and show a loading indicator; with no
    content yet, show the loading view;
  - a load fails: with content shown, keep it and show the error as a banner; with no
    content yet, show the error view;
  - a load succeeds with reservations: show the content;
  - a load succeeds with no reservations: show the empty view.

  Content stays through loading and failing, so a second failed reload still shows the
  content with the error banner; an answer with no reservations drops it. Before the
  first load the calendar shows the empty view, whatever is booked. A hanging service
  answers when it is released, as it is set at that moment (normally, if still set to
  hang). The layout always uses the booked reservations, whatever the loading state.

  Background:
    Given the staff:
      | name | capacity |
      | Aoi  | 1        |
    And the reservations:
      | id | staff | start | end   | customer |
      | R1 | Aoi   | 10:00 | 11:00 | Sato     |

  Scenario: Before the first load, the calendar shows the empty view
    Then the calendar shows the empty view

  Scenario Outline: The first load, when no content is shown yet: the service <answer>
    Given the booking service <answer>
    When the calendar loads
    Then the calendar shows the <view>

    Examples:
      | answer                           | view         |
      | answers normally                 | content      |
      | answers with no reservations     | empty view   |
      | fails with "Service unavailable" | error view   |
      | hangs                            | loading view |

  Scenario Outline: Reloading while content is shown: the service <answer>
    Given the calendar loads
    And the calendar shows the content
    And the booking service <answer>
    When the calendar loads
    Then the calendar shows the <view>

    Examples:
      | answer                           | view                                                |
      | answers normally                 | content                                             |
      | answers with no reservations     | empty view                                          |
      | fails with "Service unavailable" | content with the error banner "Service unavailable" |
      | hangs                            | content with a loading indicator                    |

  @smoke
  Scenario: A second failed reload still shows the content, with the new error
    Given the calendar loads
    And the booking service fails with "Timeout"
    And the calendar loads
    And the calendar shows the content with the error banner "Timeout"
    When the booking service fails with "Service unavailable"
    And the calendar loads
    Then the calendar shows the content with the error banner "Service unavailable"
    When the booking service hangs
    And the calendar loads
    Then the calendar shows the content with a loading indicator
    When the booking service answers normally
    And the booking service responds
    Then the calendar shows the content

  Scenario: An empty answer drops the content, so a later failure shows the error view
    Given the calendar loads
    And the booking service answers with no reservations
    And the calendar loads
    And the calendar shows the empty view
    When the booking service fails with "Service unavailable"
    And the calendar loads
    Then the calendar shows the error view

  Scenario: After the error view, the next load shows the loading view, then the content
    Given the booking service fails with "Service unavailable"
    And the calendar loads
    And the calendar shows the error view
    When the booking service hangs
    And the calendar loads
    Then the calendar shows the loading view
    When the booking service responds
    Then the calendar shows the content

  Scenario Outline: A hanging load answers as the service is set when it is released: <now>
    Given the booking service hangs
    And the calendar loads
    And the calendar shows the loading view
    When the booking service <now>
    And the booking service responds
    Then the calendar shows the <view>

    Examples:
      | now                          | view       |
      | answers with no reservations | empty view |
      | fails with "Offline"         | error view |
      | hangs                        | content    |

  Scenario: A failure during a reload over content shows the banner
    Given the calendar loads
    And the booking service hangs
    And the calendar loads
    When the booking service fails with "Offline"
    And the booking service responds
    Then the calendar shows the content with the error banner "Offline"

  Scenario: No reservations booked at all means the empty view
    Given I cancel booking "R1"
    When the calendar loads
    Then the calendar shows the empty view

  Scenario: The layout uses the booked reservations, whatever the loading state
    Given the booking service fails with "Service unavailable"
    When the calendar loads
    Then the calendar shows the error view
    And reservation "R1" is drawn at x 1200 with width 120
    And the row of "Aoi" is 48 high

  Scenario: The booking service responding when no load is waiting changes nothing
    Given the calendar loads
    When the booking service responds
    Then the calendar shows the content
    When the booking service tries to respond
    Then it succeeds
    And the calendar shows the content
