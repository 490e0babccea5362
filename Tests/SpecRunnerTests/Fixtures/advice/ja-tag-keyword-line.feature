# language: ja
機能: タグとキーワードが同じ行
  @重要 シナリオ: タグの書き間違い
    前提 a passing step
