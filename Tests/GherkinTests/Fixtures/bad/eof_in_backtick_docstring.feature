Feature: open doc string
  Background:
    Given x
      ```
      never closed
