# language: ja
機能: 説明文

  シナリオ: 一つ
    例：ラテを2個買う場合も同じ。
    背景：朝のピーク時に多い操作。
    前提 a passing step
