# language: ja
機能: BOMと言語の行

  シナリオ: 一つ
    前提 a passing step

  シナリオー: 二つ
    前提 a passing step
