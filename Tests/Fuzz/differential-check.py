#!/usr/bin/env python3
"""Differential check of `spec-run gherkin` against the reference (gherkin-official).

Mutates seed feature files line by line (delete, duplicate, swap, re-indent, insert
keywords / tags / table rows / doc string fences / language headers), writes the variants
to a scratch folder, runs both implementations over them with predictable ids and
compares every envelope (key order and uri ignored). Prints the first mismatches.

    python3 Tests/Fuzz/differential-check.py BINARY SEED_DIR... [--variants 2000] [--seed 1]

Known, deliberate differences (see docs/gherkin.md): placeholders are replaced literally
(Python uses them as regular expressions; files whose Examples header has regex characters
are compared without their pickles), and a cell ending in spaces + an escaped newline keeps
the spaces (Python's `$` also matches before a final newline).

BINARY is a built `spec-run` (then `gherkin` is passed first) or any executable that
takes the `gherkin` command's arguments directly.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from gherkin.stream.gherkin_events import GherkinEvents
from gherkin.stream.source_events import SourceEvents

POOL = [
    "Feature: f", "Rule: r", "Rule:", "Background:", "Background: b", "Scenario: s", "Scenario Outline: o <a>",
    "Example: e", "Examples:", "Examples: ex", "Scenarios:", "Given a <a>", "When b", "Then c", "And d", "But e",
    "* star", "| a |", "| a | b |", "| <a> | \\| x \\\\ y \\n z |", "||", "|", '"""', '"""json', "```", "```xml",
    '\\"\\"\\"', "@t", "@t1 @t2", "@t #c", "@a b", "@x@y", "# c", "#", "# language: fr", "# language: ja",
    "# language: zz", "#language:de", "", "   ", "\t", "free text", "Fonctionnalité: x", "Soit y", "機能: z",
    "前提 w", "Given\ttab", "Feature:x", "Scenario:\tt", "\u3000Given ideographic", "Given \u00a0nbsp",
]


CHARS = ["|", "\\", "\\|", "\\n", "@", "#", " #", " ", "\t", ":", "<", ">", '"', "`", "\u3000", "\u00a0", "\r", "é"]


def mutate(lines, rng):
    lines = list(lines)
    # Mostly a few mutations; sometimes many, to reach the eleven-error limit.
    for _ in range(rng.randint(1, 4) if rng.random() < 0.8 else rng.randint(5, 30)):
        op = rng.randrange(7)
        i = rng.randrange(len(lines) + 1)
        if op == 0 and lines:
            del lines[min(i, len(lines) - 1)]
        elif op == 1 and lines:
            j = min(i, len(lines) - 1)
            lines.insert(j, lines[j])
        elif op == 2 and len(lines) > 1:
            a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[a], lines[b] = lines[b], lines[a]
        elif op == 3 and lines:
            j = min(i, len(lines) - 1)
            lines[j] = rng.choice(["", " ", "  ", "    ", "\t"]) + lines[j].lstrip()
        elif op == 4 and lines:
            # Insert a character that means something to the scanner inside a line.
            j = min(i, len(lines) - 1)
            k = rng.randrange(len(lines[j]) + 1)
            lines[j] = lines[j][:k] + rng.choice(CHARS) + lines[j][k:]
        else:
            lines.insert(i, rng.choice(["", "  ", "    "]) + rng.choice(POOL))
    return lines


def reference(paths):
    events = GherkinEvents(GherkinEvents.Options(print_source=False, print_ast=True, print_pickles=True))
    out = []
    for source_event in SourceEvents([Path(p) for p in paths]).enum():
        for event in events.enum(source_event):
            out.append(event)
    return out


def reference_survives(path):
    try:
        reference([path])
        return True
    except Exception:
        return False


def canonical(obj):
    if isinstance(obj, dict):
        # The reference writes an absent step type as null; Cucumber Messages omit it.
        return {k: canonical(v) for k, v in obj.items() if k != "uri" and v is not None}
    if isinstance(obj, list):
        return [canonical(v) for v in obj]
    return obj


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("seeds", nargs="+")
    ap.add_argument("--variants", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    seeds = []
    for folder in a.seeds:
        for name in sorted(os.listdir(folder)):
            if name.endswith(".feature"):
                with open(os.path.join(folder, name), encoding="utf-8", newline="") as fh:
                    seeds.append(fh.read())
    scratch = tempfile.mkdtemp(prefix="gherkin-diff-")
    paths = []
    for n in range(a.variants):
        text = rng.choice(seeds)
        newline = "\r\n" if "\r\n" in text else "\n"
        lines = mutate(text.split(newline), rng)
        path = os.path.join(scratch, f"v{n:05d}.feature")
        with open(path, "w", encoding="utf-8", newline="") as fh:
            fh.write(newline.join(lines))
        paths.append(path)
    mismatches = 0
    skipped_files = []
    for start in range(0, len(paths), 200):
        batch = paths[start:start + 200]
        try:
            ref = reference(batch)
        except Exception:
            # The reference itself raises on some files (a placeholder name that is a
            # broken regular expression, such as `<\p>`): leave those out of the batch.
            crashed = [p for p in batch if not reference_survives(p)]
            skipped_files.extend(crashed)
            batch = [p for p in batch if p not in crashed]
            ref = reference(batch)
        args = [a.binary] + (["gherkin"] if os.path.basename(a.binary) == "spec-run" else [])
        run = subprocess.run(args + ["--no-source", "--predictable-ids"] + batch, capture_output=True)
        ours = [json.loads(line) for line in run.stdout.decode("utf-8").splitlines() if line]
        # Ids run on across files in both tools, so one mismatch shifts the rest: compare per
        # file, without ids.
        by_file_ref, by_file_ours = split(ref), split(ours)
        for path in batch:
            r, o = by_file_ref.get(path, []), by_file_ours.get(path, [])
            if has_regex_header(r):
                # Python substitutes placeholders as regular expressions (JS and Java escape
                # them; we replace literally): compare everything but the pickles.
                r = [e for e in r if "pickle" not in e]
                o = [e for e in o if "pickle" not in e]
            if strip_ids(r) != strip_ids(o):
                mismatches += 1
                if mismatches <= 5:
                    print(f"MISMATCH {path}")
                    for x, y in zip(r, o):
                        if x != y:
                            print("  reference:", json.dumps(x, ensure_ascii=False)[:600])
                            print("  ours:     ", json.dumps(y, ensure_ascii=False)[:600])
                            break
                    else:
                        print(f"  reference has {len(r)} envelopes, ours {len(o)}")
    print(f"{len(paths)} variants in {scratch}, {mismatches} mismatching files"
          + (f"; {len(skipped_files)} left out because the reference raised on them" if skipped_files else ""))
    return 1 if mismatches else 0


def split(envelopes):
    """Groups envelopes by the file they belong to (their uri)."""
    groups = {}
    for envelope in envelopes:
        body = next(iter(envelope.values()))
        uri = body.get("uri") or body.get("source", {}).get("uri")
        groups.setdefault(uri, []).append(canonical(envelope))
    return groups


def has_regex_header(envelopes):
    for envelope in envelopes:
        feature = envelope.get("gherkinDocument", {}).get("feature", {})
        children = list(feature.get("children", []))
        children += [c for r in feature.get("children", []) if "rule" in r for c in r["rule"]["children"]]
        for child in children:
            for examples in child.get("scenario", {}).get("examples", []):
                for cell in examples.get("tableHeader", {}).get("cells", []):
                    if any(ch in cell["value"] for ch in ".^$*+?()[]{}|\\"):
                        return True
    return False


def strip_ids(value):
    if isinstance(value, dict):
        return {k: strip_ids(v) for k, v in value.items() if k not in ("id", "astNodeIds", "astNodeId")}
    if isinstance(value, list):
        return [strip_ids(v) for v in value]
    if isinstance(value, str) and value.endswith("\n"):
        # Python's `$` also matches before a final newline (see the note at the top).
        return value[:-1].rstrip(" \t") + "\n"
    return value


if __name__ == "__main__":
    sys.exit(main())
