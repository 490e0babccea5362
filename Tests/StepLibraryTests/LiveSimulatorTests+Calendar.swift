import Testing

@testable import StepLibrary

/// The calendar's steps against the real simulator: reservations tables, lanes,
/// scrolling, view states and a reservation's checkout.
extension LiveSimulatorTests {
    @Test("a refused reservation row fails the plain step, naming the row")
    func refusedReservationRow() async throws {
        let outcome = try await run(
            """
            Given the staff:
              | name |
              | Aoi  |
            And the reservations:
              | id | staff | start | end   |
              | R1 | Aoi   | 10:00 | 11:00 |
              | R2 | Ren   | 10:00 | 11:00 |
              | R3 | Aoi   | 12:00 | 13:00 |
            """)
        let failure = try #require(outcome.failedStep?.failure)
        #expect(failure.kind == .rejected)
        #expect(failure.message.contains("unknownStaff"))
        #expect(failure.message.contains("table row 2 (R2)"))
    }

    @Test("the try form of a reservations table stops at the refused row and takes back the rows before it")
    func triedReservations() async throws {
        let outcome = try await run(
            """
            Given the staff:
              | name | capacity |
              | Aoi  | 1        |
              | Ren  | 1        |
            And I book "R0" with "Ren" from 9:00 to 10:00
            When I try to set the reservations:
              | id | staff | start | end   |
              | R1 | Aoi   | 10:00 | 11:00 |
              | R2 | Ren   | 12:00 | 13:00 |
              | R3 | Aoi   | 10:30 | 11:30 |
              | R4 | Aoi   | 12:00 | 13:00 |
            Then it is rejected with "overCapacity"
            When I try to cancel booking "R1"
            Then it is rejected with "unknownReservation"
            When I try to cancel booking "R2"
            Then it is rejected with "unknownReservation"
            When I try to cancel booking "R4"
            Then it is rejected with "unknownReservation"
            And reservation "R0" is in lane 0
            When I book "R3" with "Aoi" from 10:30 to 11:30
            Then reservation "R3" is in lane 0
            """)
        #expect(outcome.passed, "\(String(describing: outcome.failedStep)) \(String(describing: outcome.hookFailure))")
    }

    @Test("calendar: layout, lanes, scrolling and view states")
    func calendar() async throws {
        let outcome = try await run(
            """
            Given the calendar metrics are hour width 60, item height 40, padding 4
            And the staff:
              | name | capacity |
              | Aoi  | 2        |
              | Ren  | 1        |
            And the reservations:
              | id | staff | start | end   | customer |
              | R1 | Aoi   | 10:00 | 11:00 | Sato     |
              | R2 | Aoi   | 10:30 | 11:30 | Kato     |
              | R3 | Ren   | 9:00  | 9:10  |          |
            Then reservation "R1" is drawn at x 600 with width 60
            And reservation "R3" is drawn at x 540 with width 30
            And reservation "R2" is in lane 1
            And the row of "Aoi" has 2 lanes
            And the row of "Aoi" is 88 high
            And the row of "Ren" has 1 lane
            When I try to book "R4" with "Ren" from 9:00 to 10:00
            Then it is rejected with "overCapacity"
            Given the viewport is 300 wide and 50 high
            When I scroll the grid to x 120 and y 40
            Then the time header starts at 2:00
            And the staff column is scrolled to y 40
            When I scroll the grid to 9:00
            Then the time header starts at 9:00
            And the staff column is scrolled to y 40
            And the visible staff are "Aoi, Ren"
            And the visible staff are "Aoi、Ren"
            And the visible staff are "Aoi，Ren"
            When the calendar loads
            Then the calendar shows the content
            Given the booking service fails with "timeout"
            When the calendar loads
            Then the calendar shows the content with the error banner "timeout"
            Given the booking service hangs
            When the calendar loads
            Then the calendar shows the content with a loading indicator
            Given the booking service answers with no reservations
            When the booking service responds
            Then the calendar shows the empty view
            Given reservation "R1" includes:
              | name | price |
              | Cut  | 4000  |
            When I check out reservation "R1"
            Then the display shows total ¥4,000
            When I try to check out reservation "R1"
            Then it is rejected with "alreadyCheckedOut"
            """)
        #expect(outcome.passed, "\(String(describing: outcome.failedStep)) \(String(describing: outcome.hookFailure))")
    }
}
