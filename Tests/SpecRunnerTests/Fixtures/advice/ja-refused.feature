# language: ja
機能: 拒否
  シナリオ: s
    前提 a passing step
    前堤 a passing step
    シナリオ概要: x
    例え: y
    シナリオ：z
    Given a passing step
  背景:
    前提 a passing step
