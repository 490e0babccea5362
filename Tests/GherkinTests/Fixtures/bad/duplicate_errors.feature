Feature: the same message twice is reported once
  Background:
    Given x
  oops
  Scenario: s
    Given y
  oops
  oops
