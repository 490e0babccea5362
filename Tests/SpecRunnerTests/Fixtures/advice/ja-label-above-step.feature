# language: ja
機能: 説明のステップ
  拝啓:
    前提 a passing step

  シナリオ: ひとつ
    前提 a passing step
