Feature: A very long feature name that goes on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on

  Scenario: A very long scenario name that goes on and on and on and on and on and on and on and on and on and on and on and on and on and on and on
    Given a very long step that goes on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on and on
