#!/usr/bin/env python3
"""Times `spec-run lsp`'s diagnostics after a change to a 500-line feature file.

Usage: bench.py SPEC_RUN [CHANGES]. Opens a generated file of about 500 lines (scenarios
with tables, an outline, a few mistakes in English), then makes CHANGES one-character
edits (typing into a step, alternately breaking and mending it) and measures, for each,
the time from writing the didChange to reading its publishDiagnostics. Prints the median,
the 90th percentile and the worst, in milliseconds.
"""
import json
import subprocess
import sys
import time


def feature(lines_wanted=500):
    head = [
        "Feature: Cart at scale",
        "  Background:",
        "    Given the catalog:",
        "      | name      | price |",
        "      | Latte     | 520   |",
        "      | Croissant | 340   |",
        "",
    ]
    out = list(head)
    n = 0
    while len(out) < lines_wanted:
        n += 1
        out += [
            f"  Scenario: Adding items {n}",
            '    When I add "Latte" to the cart',
            f'    And I add {n % 5 + 1} "Croissant" to the cart',
            "    Then the display shows the cart screen",
            "    And the display shows the lines:",
            "      | name      | quantity | amount |",
            "      | Latte     | 1        | ¥520   |",
            f"      | Croissant | {n % 5 + 1}        | ¥{340 * (n % 5 + 1)} |",
            "    When I pay with the basket" if n % 10 == 0 else "    And the display shows total ¥1,200",
            "",
        ]
    return "\n".join(out[:lines_wanted]) + "\n"


class Server:
    def __init__(self, binary):
        self.process = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 1

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit("spec-run lsp closed its output")
            line = line.strip()
            if not line:
                break
            name, _, value = line.partition(b":")
            if name.lower() == b"content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def request(self, method, params):
        ident = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        while True:
            message = self.receive()
            if message.get("id") == ident:
                return message

    def diagnostics(self):
        while True:
            message = self.receive()
            if message.get("method") == "textDocument/publishDiagnostics":
                return message["params"]


def main():
    binary = sys.argv[1]
    changes = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    text = feature()
    server = Server(binary)
    server.request("initialize", {"processId": None, "capabilities": {}})
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    uri = "file:///bench/cart.feature"
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": uri, "languageId": "gherkin", "version": 1, "text": text}}})
    first = server.diagnostics()
    lines = text.split("\n")
    line = 8  # `    When I add "Latte" to the cart` of the first scenario
    end = len(lines[line])
    timings = []
    counts = set()
    for version in range(2, changes + 2):
        # Odd versions mend the step (delete the `s` typed before), even ones break it.
        edit = ({"range": {"start": {"line": line, "character": end}, "end": {"line": line, "character": end}},
                 "text": "s"} if version % 2 == 0 else
                {"range": {"start": {"line": line, "character": end}, "end": {"line": line, "character": end + 1}},
                 "text": ""})
        started = time.perf_counter()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
                     "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [edit]}})
        published = server.diagnostics()
        timings.append((time.perf_counter() - started) * 1000)
        counts.add(len(published["diagnostics"]))
    server.request("shutdown", None)
    server.send({"jsonrpc": "2.0", "method": "exit"})
    server.process.wait(timeout=10)
    timings.sort()
    print(f"file: {len(lines) - 1} lines, {len(first['diagnostics'])} diagnostics on open; "
          f"diagnostics per change: {sorted(counts)}")
    print(f"{changes} changes: median {timings[len(timings) // 2]:.2f} ms, "
          f"p90 {timings[int(len(timings) * 0.9)]:.2f} ms, worst {timings[-1]:.2f} ms")


if __name__ == "__main__":
    main()
