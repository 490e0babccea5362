one
two
three
four
five
six
seven
eight
nine
ten
  # language: zz
Feature: never read
