#!/usr/bin/env python3
"""Writes a copy of a feature folder with failures of every kind put in, for comparing two
spec-run binaries on failing runs (bench/spec/compare.sh).

    bench/spec/mutate.py SOURCE OUT --seed S [--rate R]

Each step line is changed with probability R (default 0.04), by one change that fits it:
a refused action (an unknown product, too many points, an overpayment by card, a checkout
of an empty cart, a negative catalog price), a wrong amount or screen in a display or
state check, a wrong calendar position, an undefined step (a typo), or a try step's check
removed (an unchecked outcome). English and Japanese steps alike.
"""
import argparse
import pathlib
import random
import re

SCREENS = ["cart", "payment", "complete", "welcome"]
JA_SCREENS = ["カート", "お支払い", "完了", "ようこそ"]


def bump(match):
    digits = match.group(2).replace(",", "")
    return f"{match.group(1)}{int(digits) + 10}"


def changes(line):
    """The changes that fit `line`, each a function from the line to its changed form."""
    found = []
    if re.search(r'I add (\d+ )?"[^"]+"', line):
        found.append(lambda l: re.sub(r'"([^"]+)"', r'"\1 X"', l, count=1))
    if re.search(r"カートに「[^」]+」", line):
        found.append(lambda l: re.sub(r"カートに「([^」]+)」", r"カートに「\1X」", l, count=1))
    if re.search(r"\d+ポイントを利用する", line):
        found.append(lambda l: re.sub(r"\d+ポイントを利用する", "99999ポイントを利用する", l))
    if re.search(r"I apply \d+ points", line):
        found.append(lambda l: re.sub(r"I apply \d+ points", "I apply 99999 points", l))
    if re.search(r"pays ¥[\d,]+ by card", line):
        found.append(lambda l: re.sub(r"pays ¥[\d,]+ by card", "pays ¥999,999 by card", l))
    if re.search(r"When I start checkout", line):
        found.append(lambda l: l.replace("When I start checkout", "When I complete the order without payment"))
    if re.search(r"the display shows \w+ ¥[\d,]+", line) or re.search(r"(合計|小計|お釣り)[\d,]+円", line):
        found.append(lambda l: re.sub(r"(¥|合計|小計|お釣り)([\d,]+)", bump, l, count=1))
    if re.search(r"the display shows the (\w+) screen", line):
        found.append(lambda l: re.sub(r"the (\w+) screen", lambda m: f"the {random.choice([s for s in SCREENS if s != m.group(1)])} screen", l))
    if re.search(r"(カート|お支払い|完了|ようこそ)画面である", line):
        found.append(lambda l: re.sub(r"(カート|お支払い|完了|ようこそ)画面", lambda m: random.choice([s for s in JA_SCREENS if s != m.group(1)]) + "画面", l))
    if re.search(r"drawn at x [\d.]+", line):
        found.append(lambda l: re.sub(r"drawn at x ([\d.]+)", lambda m: f"drawn at x {float(m.group(1)) + 1:g}", l))
    if re.search(r"the member has \d+ points", line):
        found.append(lambda l: re.sub(r"has (\d+) points", lambda m: f"has {int(m.group(1)) + 1} points", l))
    if re.search(r"^\s*(When|Then|And|Given|もし|ならば|かつ|前提)", line) and random.random() < (0.3 if not found else 0.15):
        found.append(lambda l: l.replace(" the ", " teh ", 1) if " the " in l else l.rstrip("\n") + " zz\n")
    if re.search(r"it is rejected with|it succeeds|で拒否される|成功する", line):
        found.append(lambda l: "")
    return found


def mutate(text, rng, rate):
    out = []
    table_header = None
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if stripped.startswith("|"):
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if table_header is None:
                table_header = cells
            elif "price" in table_header and rng.random() < rate / 4:
                index = table_header.index("price")
                cells[index] = "-5"
                indent = line[: len(line) - len(line.lstrip())]
                line = indent + "| " + " | ".join(cells) + " |\n"
            out.append(line)
            continue
        table_header = None
        options = changes(line)
        if options and rng.random() < rate:
            line = rng.choice(options)(line)
        out.append(line)
    return "".join(out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("source")
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=float, default=0.04)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    random.seed(args.seed)
    source = pathlib.Path(args.source)
    for path in sorted(source.rglob("*.feature")):
        target = pathlib.Path(args.out) / path.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(mutate(path.read_text(encoding="utf-8"), rng, args.rate), encoding="utf-8")


if __name__ == "__main__":
    main()
