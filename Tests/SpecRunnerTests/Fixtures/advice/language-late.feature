Feature: x
# language: ja
  シナリオ: s
    前提 a passing step
