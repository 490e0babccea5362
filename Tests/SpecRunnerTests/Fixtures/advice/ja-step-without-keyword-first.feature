# language: ja
機能: キーワードのない最初の行

  背景:
    a passing step

  シナリオ: 一つ
    I add 2 "ラテ" to the cart
    前提 a passing step
