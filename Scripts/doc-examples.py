#!/usr/bin/env python3
"""Check that every Swift example in the documents is a test that runs.

Each ```swift block of README.md and of the DocC articles in Sources/ICUKit/ICUKit.docc
must appear verbatim in Tests/ICUKitTests/Documentation/DocumentationExampleTests.swift,
modulo indentation and blank lines, without its `import` lines, and be followed in the
same test function by at least one `#expect` (the assertions of the results that the
example's `// …` comments state). The test suite runs that file, so an example that no
longer compiles, or whose stated result is no longer true, fails CI.

A block whose first line is `// Package.swift` is a package-manifest fragment, not a
program, and is not looked for. A block of declarations (functions, types) may stand at
the file scope of the test file, unindented, where the tests call it; it needs no
`#expect` after it.

    python3 Scripts/doc-examples.py            # list each block and where its test is
    python3 Scripts/doc-examples.py --check    # exit 1 when a block has no test
"""
import argparse
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = os.path.join("Tests", "ICUKitTests", "Documentation", "DocumentationExampleTests.swift")
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([A-Za-z0-9_+-]*)")


def documents():
    paths = ["README.md"] + sorted(glob.glob(os.path.join("Sources", "ICUKit", "ICUKit.docc", "**", "*.md"),
                                             root_dir=ROOT, recursive=True))
    return [p for p in paths if os.path.exists(os.path.join(ROOT, p))]


def swift_blocks(path):
    """Yields (first line number, [lines]) for each ```swift block of a Markdown file."""
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, language = m.group(2), m.group(3).lower()
        start = i + 1
        i += 1
        while i < len(lines) and not lines[i].strip().startswith(fence):
            i += 1
        if language == "swift":
            yield start + 1, lines[start:i]
        i += 1


def normalized(lines):
    """The lines that must match: stripped of indentation, without blanks and imports."""
    return [line.strip() for line in lines if line.strip() and not line.strip().startswith("import ")]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when a block has no test")
    args = parser.parse_args()

    with open(os.path.join(ROOT, TESTS), encoding="utf-8") as f:
        test_lines = f.read().split("\n")
    test_norm = [line.strip() for line in test_lines]
    # Indices of non-blank test lines, so blocks match across blank lines.
    dense = [i for i, line in enumerate(test_norm) if line]
    dense_text = [test_norm[i] for i in dense]

    problems = []
    count = 0
    for path in documents():
        for line_number, lines in swift_blocks(path):
            body = normalized(lines)
            if not body or body[0].startswith("// Package.swift"):
                continue
            count += 1
            where = start = None
            for k in range(len(dense_text) - len(body) + 1):
                if dense_text[k:k + len(body)] == body:
                    start, where = dense[k], dense[k + len(body) - 1]
                    break
            if where is None:
                problems.append(f"{path}:{line_number}: swift block not found verbatim in {TESTS}")
                continue
            # An assertion after the block, before the function ends (the next @Test or the end);
            # declarations at file scope are called by the tests instead.
            asserted = not test_lines[start][:1].isspace()
            for line in [] if asserted else test_norm[where + 1:]:
                if line.startswith("@Test"):
                    break
                if line.startswith("#expect") or line.startswith("try #require") or line.startswith("#require"):
                    asserted = True
                    break
            if not asserted:
                problems.append(f"{path}:{line_number}: its test ({TESTS}:{where + 1}) asserts nothing after the block")
            elif not args.check:
                print(f"{path}:{line_number} -> {TESTS}:{where + 1}")

    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"{count - len(problems)} of {count} Swift examples are tested in {TESTS}", file=sys.stderr)
    return 1 if args.check and problems else 0


if __name__ == "__main__":
    sys.exit(main())
