# language: ja
機能: 見出しの誤り
  バックグラウンド:
    前提 a passing step

  ルール : 会員のお客さま
    シナリオ: 会員
      前提 a passing step

  ルール: 会員でないお客さま
    シナリオアウトライン: <t>
      前提 the text is "<t>"

      例:
        ｜ t ｜
        ｜ x ｜
