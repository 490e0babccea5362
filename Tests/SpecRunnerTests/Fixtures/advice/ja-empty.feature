# language: ja
機能: 空のファイル
