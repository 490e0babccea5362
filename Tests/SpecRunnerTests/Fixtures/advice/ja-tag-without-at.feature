# language: ja
機能: @のないタグ

  @回帰
  シナリオ: 一つ目
    前提 a passing step

  回帰
  シナリオ: 二つ目
    前提 a passing step
