# language: jp
機能: 言語
  シナリオ: s
    前提 a passing step
