# language: ja
機能: A
  シナリオ: s
    前提 a passing step
    @タグ
    もし a passing step
      | a | b |
      | 1 |
機能: B
