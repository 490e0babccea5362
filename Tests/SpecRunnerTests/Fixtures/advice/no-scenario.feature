Feature: Nothing here
