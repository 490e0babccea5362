# language: ja
機能: 説明
  ＠重要
  シナリ: 失われた
  シナリオ: s
    Given a passing step
    前提 a passing step
  シナリオ: t
    前堤 a passing step
    前提 a passing step
  シナリオアウトライン: 値 <n>
    前提 the text is "<m>"
    例:
      | n |
      | 1 |
    例:
      | n |
  シナリオ: 空
  シナリオ: 表
    前提 a passing step
      | a | b
      | 1 | 2
