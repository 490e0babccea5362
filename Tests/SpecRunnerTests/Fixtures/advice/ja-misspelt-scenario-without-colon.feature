# language: ja
機能: コロンのない書き間違えたシナリオ

  シナリオ: 動く
    前提 a passing step

  シナリ 二つ目
    前提 a passing step
