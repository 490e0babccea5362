# language: de
Funktionalität: Deutsch
  Szenario: Angenommen
    Angenommen ein Schritt
    Wenn etwas passiert
    Dann ist es gut
    Und weiter
    Aber nicht mehr
