機能: 言語
  シナリオ: s
    前提 a passing step
  シナリオ: t
    前提 a passing step
