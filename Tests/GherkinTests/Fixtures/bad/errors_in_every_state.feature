# language: en
not a feature line
@tag
not a feature either
Feature: x
  Background:
    Given a
      | a |
    not here
      """
      doc
      """
    not here either
  @t
  bad after tag
  Scenario Outline: y
    Given b
    Examples:
      | h |
    wrong in examples
  @t2
  Rule: r
    Background:
      Given c
  Feature: second feature line
