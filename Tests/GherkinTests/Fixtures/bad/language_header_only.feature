# just a comment
# language: en
