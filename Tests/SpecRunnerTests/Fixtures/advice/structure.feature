Feature: A
  Scenario: s
    Given a passing step
    @wip
    When a passing step
Feature: B
