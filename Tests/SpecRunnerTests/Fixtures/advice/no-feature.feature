Scenario: s
  Given a passing step
  Then a passing step
