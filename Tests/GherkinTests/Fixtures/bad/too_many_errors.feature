Feature: Many errors

  Scenario: s
    Given x
  error 1
  error 2
  error 3
  error 4
  error 5
  error 6
  error 7
  error 8
  error 9
  error 10
  error 11
  error 12
  error 13
