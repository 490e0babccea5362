Feature: background in the wrong place
  Scenario: s
    Given x
  Background:
    Given y
