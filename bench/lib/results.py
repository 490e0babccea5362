"""Shared by the side-by-side benchmarks: reads one run's scratch folder."""
import json
import re


def load(work):
    """(ours, rss, behave): hyperfine results by command name, peak RSS in MB by
    variant, and behave's (median s, peak RSS MB) by variant from peer_run_bench.sh."""
    ours = {r["command"]: r for r in json.load(open(f"{work}/ours.json"))["results"]}
    rss = {}
    for line in open(f"{work}/rss.txt"):
        variant, kb = line.split()
        rss.setdefault(variant, []).append(int(kb) / 1024)
    behave = {}
    for line in open(f"{work}/behave.txt"):
        m = re.match(r"^(run|dry-run)\s+([\d.]+)\s+[\d.]+\s+[\d.]+\s+\d+\s+([\d.]+)", line)
        if m:
            behave[m.group(1)] = (float(m.group(2)), float(m.group(3)))
    return ours, rss, behave
