   #    language   :   en   
# a comment before the feature
  @a @b #not a tag
  @c	@d
Feature: Spaces, comments and tags
    # a comment in the header
  A description line
  # a comment in the description
     indented description line

  # comment before tags
  @e
  # comment between tag and scenario
  Scenario: comments everywhere
    # a comment before a step
    Given a step
    # a comment between steps
    When another step
      # comment before a table
      | a |
      # comment inside a table
      | b |

  Scenario:
    Given a scenario without a name

  Scenario Outline: no examples table
    Given <x>

    Examples: empty

    Examples:
      | x |
