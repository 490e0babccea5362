# language: ja
機能: 迷子
  前提 a passing step

  ルール: R
    前提 a passing step
    シナリオ: s
      前提 a passing step
