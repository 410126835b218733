#!/usr/bin/env python3
"""List the public ICUKit declarations that have no doc comment.

Reads the symbol graphs the compiler emits (Scripts/docs.sh writes them to
.build-docs/symbol-graphs) and prints, per source file, every public symbol declared
in this repository's sources without a `///` comment. Symbols the compiler
synthesizes (Equatable's `!=`, an enum's `hash(into:)`, …) have no source location
and are not listed: they cannot carry a comment.

    python3 Scripts/doc-coverage.py [SYMBOL_GRAPH_DIR] [--under Sources/ICUKit/Calendars] [--check]

`--check` exits 1 when anything is listed (for CI once coverage is complete).
"""
import argparse
import collections
import json
import os
import sys
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("graphs", nargs="?", default=os.path.join(ROOT, ".build-docs", "symbol-graphs"))
    parser.add_argument("--under", action="append", default=[],
                        help="only files under this repository path (repeatable)")
    parser.add_argument("--check", action="store_true", help="exit 1 when a symbol is undocumented")
    args = parser.parse_args()

    missing = collections.defaultdict(list)
    total = 0
    for name in sorted(os.listdir(args.graphs)):
        if not name.endswith(".symbols.json"):
            continue
        with open(os.path.join(args.graphs, name), encoding="utf-8") as f:
            graph = json.load(f)
        for symbol in graph["symbols"]:
            location = symbol.get("location")
            if symbol.get("accessLevel") not in ("public", "open") or location is None:
                continue
            path = urllib.parse.unquote(urllib.parse.urlparse(location["uri"]).path)
            path = os.path.relpath(os.path.realpath(path), os.path.realpath(ROOT))
            if path.startswith(".."):
                continue
            if args.under and not any(path.startswith(u.rstrip("/") + "/") or path == u for u in args.under):
                continue
            total += 1
            lines = symbol.get("docComment", {}).get("lines", [])
            if any(line["text"].strip() for line in lines):
                continue
            line = location["position"]["line"] + 1
            kind = symbol["kind"]["displayName"]
            missing[path].append((line, ".".join(symbol["pathComponents"]), kind))

    count = sum(len(v) for v in missing.values())
    for path in sorted(missing):
        print(path)
        for line, name, kind in sorted(missing[path]):
            print(f"  {line:5}  {name}  ({kind})")
    print(f"{count} of {total} public declarations have no doc comment", file=sys.stderr)
    return 1 if args.check and count else 0


if __name__ == "__main__":
    sys.exit(main())
