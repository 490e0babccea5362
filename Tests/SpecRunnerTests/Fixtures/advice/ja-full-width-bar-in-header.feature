# language: ja
機能: 表
  シナリオ: 一つ
    前提 a passing step
      | name ｜ price |
      | ラテ | 520 |
