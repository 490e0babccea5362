# language: xx
Feature: x
