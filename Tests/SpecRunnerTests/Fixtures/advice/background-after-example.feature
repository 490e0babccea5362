Feature: a Background read as a scenario's description
  Example: two bookings at 10:00 and 10:30.

  Background:
    Given a passing step

  Scenario: one
    Given a passing step
