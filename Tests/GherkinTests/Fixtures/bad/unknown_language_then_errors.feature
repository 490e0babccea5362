# language: xx-unknown
Funktionalität: not English
  Szenario: x
