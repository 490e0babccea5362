   # language: no-such
Feature: x
