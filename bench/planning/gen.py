#!/usr/bin/env python3
"""Writes the planning benchmark's inputs: one feature file per input kind and size.

    gen.py OUT SCALE [SCALE ...]

For each SCALE (1, 10, 100: multiples of the base size) it writes OUT/<kind>-<scale>.feature:

  undefined-step   one undefined step of 1,000 x SCALE characters (words and numbers)
  description      a valid feature whose description has 30 x SCALE lines of prose
  parse-errors     30 x SCALE steps of the library above the first scenario: each is a
                   parse error of the run (Gherkin reads them as description text)
  typo-pairs       30 x SCALE `Scenarioo:` + `Givn` line pairs (description text)
  placeholder      an outline step whose `<…>` placeholder is 1,000 x SCALE characters long
"""
import os
import sys


def undefined_step(scale):
    unit = "I add 12 items of 'tea' and 3.5 kg "
    text = (unit * (1000 * scale // len(unit) + 1))[: 1000 * scale].rstrip()
    return f"Feature: long step\n\n  Scenario: one long undefined step\n    Given {text}\n"


def description(scale):
    lines = [f"  Line {i} of the prose that explains why this feature exists, and when." for i in range(30 * scale)]
    return (
        "Feature: long description\n"
        + "\n".join(lines)
        + "\n\n  Scenario: a scenario\n    Given the catalog is empty\n"
    )


def parse_errors(scale):
    lines = ['  Given I add "Latte" to the cart' for _ in range(30 * scale)]
    return "Feature: stray steps\n" + "\n".join(lines) + "\n\n  Scenario: a scenario\n    Given the catalog is empty\n"


def typo_pairs(scale):
    pairs = [f"  Scenarioo: lost scenario {i}\n    Givn the catalog is empty" for i in range(30 * scale)]
    return "Feature: typos\n" + "\n".join(pairs) + "\n\n  Scenario: a scenario\n    Given the catalog is empty\n"


def placeholder(scale):
    name = "p" * (1000 * scale)
    return (
        "Feature: placeholder\n\n  Scenario Outline: a long placeholder\n"
        f"    Given the price is <{name}>\n\n    Examples:\n      | price |\n      | 1     |\n"
    )


KINDS = {
    "undefined-step": undefined_step,
    "description": description,
    "parse-errors": parse_errors,
    "typo-pairs": typo_pairs,
    "placeholder": placeholder,
}


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for scale in map(int, sys.argv[2:]):
        for kind, make in KINDS.items():
            with open(os.path.join(out, f"{kind}-{scale}.feature"), "w", encoding="utf-8") as f:
                f.write(make(scale))


if __name__ == "__main__":
    main()
