# language: ja
機能: ルール
  ルール：会員
    シナリオ: s
      前提 a passing step
