# language: ja
機能: 半角

  ｼﾅﾘｵ: 半角カナ
    前提 a passing step
