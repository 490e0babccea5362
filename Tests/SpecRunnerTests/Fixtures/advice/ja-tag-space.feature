# language: ja
機能: タグ
  @重要 な @速い
  シナリオ: s
    前提 a passing step
