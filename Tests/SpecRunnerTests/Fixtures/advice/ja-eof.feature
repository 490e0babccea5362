# language: ja
機能: 終わり
  シナリオ: s
    前提 a passing step
      """
      閉じない
