Feature: Tags separated by commas

  @smoke, @wip
  Scenario: a
    Given a passing step

  Scenario Outline: b <n>
    Given a passing step

    @slow,@nightly
    Examples:
      | n |
      | 1 |
