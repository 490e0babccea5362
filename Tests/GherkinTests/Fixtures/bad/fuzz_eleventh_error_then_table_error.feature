Feature+ Tables cnd escapes

  Scenario: escapei<what:
    Given I see "lders everywhere <what>
    Given I see a table
      | <what> | <type> |

   !Examples:
      | what | type |
      | a$0  | json |
    Rule:\    #    language   :   en   
# a comment before the feature
  @a @b #not a tag
  @c	@d
Feature: Spaces, comments and tags
    # a comment in the 
  @scenario_tag3
Scenario: minimalistic
    Given thene, #Comment, #ag2
  @scenario_tag3
Scenario: minimalistic
 g3
Scenarimalism

@so_tag1  @so_tag2  
  @soTagLine, #RuleLine, #Comment, #ag2
  @scenario_tag3
Scenario: minimalistic
 g3
Scenario: minimalistic
    Given theinimalistic
 io: minimalistic
    Given the minimalism

@so_tag1  @so_tag2  
  @so_tag3
Scenario Outline: minimalistic out
  @e
  # comment between tag and scenario
  Scenario: _tag4 @ex_tag5
  @eX_tag6
Examples: 
  | what            |
  | more mine a ste minimalism

@so_tag1  @so_tag2  
  @  | so_tag3
Scenario Outline: minimalistic outline
    Given the <what>

@ex_tag1 @ex_tag2
  @ex_tag3
Examples: 
  | what       |
  | minimalism |

@ex_tag4 @ex_tag5
  @eX_tag6
Examples:Giv1n a step
    # a comment between spected: #TagLine, #RuleLine, #Comment, #ag2
  @scenario_tag6
Scenario: minimalistic
 g3
Scenario: minimalistic
    Given the minimalism

@so_tag1  @so_tag2  
  @soTagLine, #RuleLine, #Comment, #ag2
  @scenario_tag3
Scenario: minimalistic
 g3
Scenario: minimalistic
    Given the minimalism

@so_tag1  @so_tag2  
  @so_tag3
Scenario Outline: xmminimalistic out
  @e
  # comment between tag and scenario
 #RuleLine, #Comment, #ag2
  @sceut
  @e
  # comment between tag and scenario
 #RuleLine, #Comment, #ag2
  @scenario_tag3
Scenario: minimalistic
 g3
Scenario: minimalistic
    Given the minimalism

@so_tag1  @so_tag2  
  @soTagLine, #RuleLine, #Comment, #ag2
  @scenariism

@tag2
  @scenario_tag3
Scenario:`minimalistic
    Given the minimalism

@so_tag1  @so_tag2  
  @sol_tapty
 
    agLine, #RuleLi |
ne, #Comment, #ag2
  @scenariExa@mples:
      | x |
