#!/usr/bin/env python3
"""Times several commands in turns (A, B, C, A, B, C, ...) so that a machine whose speed
drifts during the run slows every command alike, and reports each command's median and
its ratio to the first command, taken within each round (median of the round ratios).

    interleave.py ROUNDS [--warm] [--target=R] NAME=DIR::COMMAND [NAME=DIR::COMMAND ...]

DIR is the working folder of the command (for behave, the peer script's scratch folder,
where its `steps` and `features` links are). One warm-up round is not counted. Any
command failing stops the run.

Each command's line also gives the lowest and highest of its round ratios. With
--target=R, it counts for each command the rounds whose ratio reached R (how robustly a
target such as 5x holds, rather than whether the median does).

With --warm, each command runs twice in a row in each round and only the second run is
timed (A A B B C C, ...). On this 2-core VM a command that uses both cores runs slower
just after one that leaves a core idle for seconds, and the penalty fades over about two
seconds (spec-run right after behave: 0.705 s, then 0.648 s, then 0.619 s, medians of 8
rounds), so plain turns measure the order as well as the commands.
"""
import shlex
import statistics
import subprocess
import sys
import time


def main():
    rounds = int(sys.argv[1])
    arguments = sys.argv[2:]
    warm = bool(arguments) and arguments[0] == "--warm"
    if warm:
        arguments = arguments[1:]
    target = None
    if arguments and arguments[0].startswith("--target="):
        target = float(arguments[0].split("=", 1)[1])
        arguments = arguments[1:]
    commands = []
    for spec in arguments:
        name, rest = spec.split("=", 1)
        folder, command = rest.split("::", 1)
        commands.append((name, folder, shlex.split(command)))
    times = {name: [] for name, _, _ in commands}
    for round_index in range(rounds + 1):
        for name, folder, argv in commands:
            if warm:
                subprocess.run(argv, cwd=folder, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            start = time.perf_counter()
            subprocess.run(argv, cwd=folder, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if round_index > 0:
                times[name].append(time.perf_counter() - start)
    base = commands[0][0]
    order = "each run twice, the second timed" if warm else "each run once"
    print(f"interleaved: {rounds} rounds of {', '.join(n for n, _, _ in commands)} ({order}; 1 warm-up round)")
    print(f"{'command':<12} {'median s':>9} {'min s':>8} {'max s':>8} {base + ' / command':>22}"
          f" {'rounds: min..max ratio':>24}")
    for name, _, _ in commands:
        ratios = [b / t for b, t in zip(times[base], times[name])]
        print(f"{name:<12} {statistics.median(times[name]):9.3f} {min(times[name]):8.3f} {max(times[name]):8.3f}"
              f" {statistics.median(ratios):21.2f}x {min(ratios):14.2f}x..{max(ratios):.2f}x")
    if target:
        for name, _, _ in commands[1:]:
            ratios = [b / t for b, t in zip(times[base], times[name])]
            met = sum(1 for ratio in ratios if ratio >= target)
            print(f"  {name}: {met} of {len(ratios)} rounds at {target:g}x or more")


if __name__ == "__main__":
    main()
