# language: ja
機能: 説明のステップ
  拝啓:
    前提 a passing step
  バックグラウンド:
    前提 a passing step
  他の機能でのステップの使い方:
    前提 a passing step

  シナリオ: ひとつ
    前提 a passing step
