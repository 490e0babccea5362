# language: ja
機能: 入力の誤り

  シナリオ: 変換ミスの最初のステップ
    模試 a passing step
    ならば a passing step

  シナリオ: 途中の変換ミスと英語のかつ
    前提 a passing step
    And a passing step
    模試 a passing step

  シナリオ: ステップのないシナリオ

  シナリオ：全角コロンのシナリオ
    前提 a passing step

  シナリオ: 正しいシナリオ
    前提 a passing step

  Scenario: 英語のシナリオ
    前提 a passing step
