#!/usr/bin/env python3
"""Writes the reference's expected output beside each fixture, using gherkin-official
(the Python reference implementation, `pip install gherkin-official`), fresh
incrementing ids per file, like Cucumber's own testdata:

    python3 Tests/GherkinTests/Fixtures/generate-expected.py Tests/GherkinTests/Fixtures

good/X.feature -> X.feature.tokens, .ast.ndjson, .pickles.ndjson, .source.ndjson
bad/X.feature  -> X.feature.errors.ndjson
"""
import json
import os
import sys

from gherkin.ast_builder import AstBuilder
from gherkin.errors import CompositeParserException, ParserError
from gherkin.parser import Parser
from gherkin.pickles.compiler import Compiler
from gherkin.stream.id_generator import IdGenerator
from gherkin.token_formatter_builder import TokenFormatterBuilder
from gherkin.token_matcher import TokenMatcher
from gherkin.token_scanner import TokenScanner


def without_nulls(value):
    # The reference writes an absent pickle step type as null; Cucumber Messages omit it.
    if isinstance(value, dict):
        return {k: without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [without_nulls(v) for v in value]
    return value


def dump(envelopes):
    return "".join(json.dumps(without_nulls(e), ensure_ascii=False, sort_keys=True) + "\n" for e in envelopes)


def run(path, uri):
    with open(path, encoding="utf-8", newline="") as handle:
        data = handle.read()
    ids = IdGenerator()
    source = {"source": {"data": data, "mediaType": "text/x.cucumber.gherkin+plain", "uri": uri}}
    try:
        document = Parser(AstBuilder(ids)).parse(TokenScanner(data), TokenMatcher())
    except CompositeParserException as error:
        return None, source, error.errors
    except ParserError as error:
        return None, source, [error]
    document = {**document, "uri": uri}
    return document, source, []


def main(root):
    for kind in ("good", "bad"):
        folder = os.path.join(root, kind)
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".feature"):
                continue
            path = os.path.join(folder, name)
            uri = f"{kind}/{name}"
            document, source, errors = run(path, uri)
            if kind == "bad":
                assert errors, f"{path} parsed without errors"
                envelopes = [
                    {"parseError": {"message": str(e), "source": {"uri": uri, "location": e.location}}}
                    for e in errors
                ]
                with open(path + ".errors.ndjson", "w", encoding="utf-8") as out:
                    out.write(dump(envelopes))
                continue
            assert not errors, f"{path}: {[str(e) for e in errors]}"
            # Re-run so pickle ids continue after the AST's, as the reference CLI does.
            generator = IdGenerator()
            with open(path, encoding="utf-8", newline="") as handle:
                data = handle.read()
            document = {**Parser(AstBuilder(generator)).parse(TokenScanner(data), TokenMatcher()), "uri": uri}
            pickles = Compiler(generator).compile(document)
            with open(path + ".ast.ndjson", "w", encoding="utf-8") as out:
                out.write(dump([{"gherkinDocument": document}]))
            with open(path + ".pickles.ndjson", "w", encoding="utf-8") as out:
                out.write(dump([{"pickle": p} for p in pickles]))
            with open(path + ".source.ndjson", "w", encoding="utf-8") as out:
                out.write(dump([source]))
            tokens = Parser(TokenFormatterBuilder()).parse(TokenScanner(data), TokenMatcher())
            with open(path + ".tokens", "w", encoding="utf-8") as out:
                out.write(tokens + "\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
