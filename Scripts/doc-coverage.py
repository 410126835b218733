#!/usr/bin/env python3
"""List the public ICUKit declarations that have no doc comment.

Reads the symbol graphs the compiler emits (Scripts/docs.sh writes them to
.build-docs/symbol-graphs) and prints, per source file, every public symbol declared
in this repository's sources without a `///` comment. Symbols the compiler
synthesizes (Equatable's `!=`, an enum's `hash(into:)`, …) have no source location
and are not listed: they cannot carry a comment.

    python3 Scripts/doc-coverage.py [SYMBOL_GRAPH_DIR] [--under Sources/ICUKit/Calendars] [--check]
    python3 Scripts/doc-coverage.py [SYMBOL_GRAPH_DIR] --landing [--check]

`--check` exits 1 when anything is listed (CI runs it). `--landing` lists instead the
public top-level types (deprecated ones aside) that the Topics section of the DocC landing
page, Sources/ICUKit/ICUKit.docc/ICUKit.md, does not name as ``Type``.
"""
import argparse
import collections
import json
import os
import re
import sys
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LANDING = os.path.join(ROOT, "Sources", "ICUKit", "ICUKit.docc", "ICUKit.md")
TYPE_KINDS = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias"}


def symbols(graphs):
    """Every symbol of the symbol graphs in a directory."""
    for name in sorted(os.listdir(graphs)):
        if name.endswith(".symbols.json"):
            with open(os.path.join(graphs, name), encoding="utf-8") as f:
                yield from json.load(f)["symbols"]


def landing(graphs, check):
    """Public top-level types that the landing page's Topics do not list."""
    with open(LANDING, encoding="utf-8") as f:
        page = f.read()
    topics = page.split("## Topics", 1)[1] if "## Topics" in page else ""
    listed = set(re.findall(r"``([A-Za-z0-9_]+)``", topics))
    missing = set()
    total = set()
    for symbol in symbols(graphs):
        if symbol.get("accessLevel") not in ("public", "open") or symbol["kind"]["identifier"] not in TYPE_KINDS:
            continue
        if len(symbol["pathComponents"]) != 1:
            continue
        if any(a.get("isUnconditionallyDeprecated") or "deprecated" in a for a in symbol.get("availability", [])):
            continue
        name = symbol["pathComponents"][0]
        total.add(name)
        if name not in listed:
            missing.add(name)
    for name in sorted(missing):
        print(name)
    print(f"{len(missing)} of {len(total)} public types are not in the Topics of {os.path.relpath(LANDING, ROOT)}",
          file=sys.stderr)
    return 1 if check and missing else 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("graphs", nargs="?", default=os.path.join(ROOT, ".build-docs", "symbol-graphs"))
    parser.add_argument("--under", action="append", default=[],
                        help="only files under this repository path (repeatable)")
    parser.add_argument("--check", action="store_true", help="exit 1 when a symbol is undocumented")
    parser.add_argument("--landing", action="store_true",
                        help="list public types the landing page's Topics do not name")
    args = parser.parse_args()
    if args.landing:
        return landing(args.graphs, args.check)

    missing = collections.defaultdict(list)
    total = 0
    for symbol in symbols(args.graphs):
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
