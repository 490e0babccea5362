# language: ja
機能: 説明文のメンション
  @yamada さんに確認済み。

  シナリオ: ひとつ
    前提 a passing step
