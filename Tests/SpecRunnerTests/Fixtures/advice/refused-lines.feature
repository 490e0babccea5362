Feature: Refused lines
  Scenario: S
    Given a passing step
    Whn another step
    Examples
    ｜ a ｜ b ｜
    Given　a passing step
    ＊ a passing step
    ラテ | 450 |
