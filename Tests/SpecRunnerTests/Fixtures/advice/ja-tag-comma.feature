# language: ja
@回帰,
機能: コンマで区切ったタグ

  シナリオ: 動く
    前提 a passing step
