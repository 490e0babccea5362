Feature: tags at the end

  Scenario: s
    Given x

  @dangling
