# language: ja
機能: タグ

  シナリオ: 一つ
    前提 a passing step

  @wip ＠slow
  シナリオ: 混在
    前提 a passing step
