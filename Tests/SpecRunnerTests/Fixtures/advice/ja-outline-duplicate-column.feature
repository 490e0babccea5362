# language: ja
機能: 列
  シナリオアウトライン: 同じ名前の列
    もし カートに「<product>」を追加する
    ならば カスタマーディスプレイに合計<total>が表示される

    例:
      | product    | total | total |
      | カフェラテ | ¥520  | ¥600  |
