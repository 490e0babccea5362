#!/usr/bin/env python3
"""The reference Gherkin command line: gherkin-official's own `bin/gherkin`, which its
PyPI package (42.0.1) does not install. Parses each FILE and prints its envelopes
(`source`, `gherkinDocument`, `pickle`, `parseError`) as NDJSON, one per line.

    python3 bench/gherkin/reference_cli.py [--no-source] [--no-ast] [--no-pickles] FILE...
"""
import json
import sys
from optparse import OptionParser
from pathlib import Path

from gherkin.stream.gherkin_events import GherkinEvents
from gherkin.stream.source_events import SourceEvents

parser = OptionParser()
parser.add_option("--no-source", action="store_false", dest="print_source", default=True)
parser.add_option("--no-ast", action="store_false", dest="print_ast", default=True)
parser.add_option("--no-pickles", action="store_false", dest="print_pickles", default=True)
options, paths = parser.parse_args()

events = GherkinEvents(GherkinEvents.Options(options.print_source, options.print_ast, options.print_pickles))
out = sys.stdout
for source_event in SourceEvents([Path(p) for p in paths]).enum():
    for event in events.enum(source_event):
        out.write(json.dumps(event, separators=(",", ":")))
        out.write("\n")
