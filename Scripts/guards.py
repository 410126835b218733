#!/usr/bin/env python3
"""The repository's structural rules, checked in CI (`.ci/run`) so they stay true:

1. no Swift source file over 400 lines under Sources/ (generated data files excepted by name);
2. the C edge is a boundary: no `UErrorCode`, `U_ZERO_ERROR`, other `U_…_ERROR`/`U_…_WARNING`
   codes or `ICU.call`/`ICU.open` outside Sources/ICUKit/ICU/, and no platform module
   (`Glibc`, `Darwin`, `Musl`) named outside Sources/ICUKit/ICU/Platform.swift;
3. no untyped `throws` on public API (`throws(SomeError)` names what a caller catches);
4. no deprecated declaration (`@available(*, deprecated…)`): ICUKit has no released API to keep;
5. the DocC landing page (ICUKit.docc/ICUKit.md) lists every public top-level type;
6. no reference in the documents or in source comments to a repository file that does not
   exist, nor to a type (a backticked UpperCamelCase name) that no code declares or uses;
7. no link to a section of a document (`FILE.md#anchor`, `FILE.md, "Heading"`) that it lacks.

    python3 Scripts/guards.py            # prints each violation; exits 1 if there is any
    python3 Scripts/guards.py --list     # the names of the rules

Known exceptions live in the tables below, each with its reason.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINE_LIMIT = 400
# Generated files: tables written by a script, never edited by hand.
GENERATED = {
    "Sources/ICUKit/Encoding/ExtraCodePages+Data.swift": "Scripts/build-extra-code-pages.py",
}
GENERATED_PATTERN = re.compile(r"\+Data\.swift$")
EDGE_DIR = "Sources/ICUKit/ICU/"
PLATFORM_FILE = "Sources/ICUKit/ICU/Platform.swift"
EDGE_PATTERN = re.compile(r"\bUErrorCode\b|\bU_ZERO_ERROR\b|\bU_[A-Z0-9_]+_(?:ERROR|WARNING)\b|\bICU\.(?:call|open)\s*\(")
PLATFORM_PATTERN = re.compile(r"^\s*(?:@_exported\s+|internal\s+|public\s+)?import\s+(?:Glibc|Darwin|Musl|ucrt)\b|canImport\((?:Glibc|Darwin|Musl)\)", re.M)
# Names a comment or document may mention without ICUKit declaring them: other projects'
# types and ICU's C++ classes the text compares with.
EXTERNAL_NAMES = set("""
Foundation FoundationEssentials FoundationInternationalization NSString NSStringPluralRuleType
NSStringDeviceSpecificRuleType NSStringVariableWidthRuleType NSLocalizedString DateComponentsFormatter
DateFormatter NumberFormatter MeasurementFormatter ListFormatter RelativeDateTimeFormatter
DateIntervalFormatter Bundle Locale Calendar TimeZone Date Data URL String Character Substring
Unicode Int Int32 UInt8 UInt16 UInt32 Double Float Bool Array Dictionary Set Optional Result Range
Error Sendable Hashable Equatable Comparable Codable CustomStringConvertible Collection Sequence
StringProtocol BidirectionalCollection RandomAccessCollection Mutex
XCTest LocaleMatcher BreakIterator Normalizer2 MessageFormat MessagePattern Replaceable
UnicodeString UnicodeSet Transliterator Collator StringSearch SimpleDateFormat RuleBasedCollator
ByteSink StringPiece CharsetDetector UText UChar UChar32 UBool UConverter UCollator UBreakIterator
UCalendar UDateFormat UNumberFormatter UPluralRules UBiDi UIDNA USpoofChecker UStringSearch
UTransliterator UNormalizer2 UCaseMap ULocaleDisplayNames UListFormatter UMessageFormat
""".split())
ICU_HEADERS = "/usr/include/unicode"
FILE_REF = re.compile(r"(?<![\w/.:-])((?:[\w.+-]+/)*[\w+-]+\.(?:swift|sh|py|cpp|md|h|c))\b")
# A compound UpperCamelCase name (two capitals at least: `CalendarCache`, `CLIStartupTests`),
# so that words in backticks (`Zinh`, `Mn`, `Examples`) are not taken for types.
TYPE_REF = re.compile(r"`{1,2}([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*)(?:[./(][^`]*)?`{1,2}")
TWO_CAPITALS = re.compile(r"^[A-Z][^A-Z]*[A-Z]")
# Files named in text that are not ICUKit's: other projects' sources the text cites.
EXTERNAL_FILES = {
    "Package.swift", "main.swift", "stdarg.h", "langid.py",
    # ICU's own sources, cited where ICUKit follows or differs from them.
    "localematcher.cpp", "locdistance.cpp", "loclikelysubtags.cpp", "lsr.cpp", "unorm2.cpp",
    "utrans.cpp", "uts46test.cpp", "anytrans.cpp", "bytestrie.h", "gen_detect_corpus.py",
    # The naming pattern itself.
    "Type+Concern.swift",
}
# Public types the landing page cannot list: the compiler's symbol graph leaves
# `ICUKitVersion` out (as swift-symbolgraph-extract does), so DocC cannot link it.
UNLISTABLE = {"ICUKitVersion"}
UNICODE_DATA = "/usr/share/unicode"
# Names of ICU internals and of fields outside code that text may cite.
EXTERNAL_NAMES |= {"XLikelySubtags", "PatternProps", "LocalePriorityList", "VmHWM", "NLLanguageRecognizer", "GregorianCalendar", "StringReplacer"}


def tracked(*patterns):
    out = subprocess.run(["git", "ls-files", *patterns], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [p for p in out.splitlines() if os.path.exists(os.path.join(ROOT, p))]


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8", errors="replace") as f:
        return f.read()


def is_generated(path):
    return path in GENERATED or GENERATED_PATTERN.search(path) is not None


def comments(text):
    """The comment text of a Swift/C source: `//` lines and `/* */` blocks."""
    parts = re.findall(r"//[^\n]*", text)
    parts += re.findall(r"/\*.*?\*/", text, re.S)
    return "\n".join(parts)


def code_without_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def check_lengths(sources):
    for path in sources:
        if is_generated(path):
            continue
        count = read(path).count("\n")
        if count > LINE_LIMIT:
            yield f"{path}: {count} lines (limit {LINE_LIMIT}; split it by concern as Type+Concern.swift)"


def check_edge(sources):
    for path in sources:
        text = code_without_comments(read(path))
        if not path.startswith(EDGE_DIR) and path.startswith("Sources/ICUKit/"):
            for number, line in enumerate(text.splitlines(), 1):
                match = EDGE_PATTERN.search(line)
                if match:
                    yield f"{path}:{number}: '{match.group(0)}' outside {EDGE_DIR} (wrap the ICU call once in ICU/ICU+<Area>.swift)"
        if path != PLATFORM_FILE and path.startswith("Sources/ICUKit/"):
            for match in PLATFORM_PATTERN.finditer(text):
                number = text.count("\n", 0, match.start()) + 1
                yield f"{path}:{number}: platform module named outside {PLATFORM_FILE}"


PUBLIC_THROWS = re.compile(r"\bpublic\b.*\b(?:func|init|subscript)\b.*\bthrows\b(?!\s*\()")
CONTINUED_THROWS = re.compile(r"^\s*\)\s*(?:async\s+)?throws\b(?!\s*\()")


def check_throws(sources):
    for path in sources:
        if not path.startswith("Sources/ICUKit/"):
            continue
        lines = code_without_comments(read(path)).splitlines()
        declaration = False
        for number, line in enumerate(lines, 1):
            if re.search(r"\bpublic\b.*\b(?:func|init|subscript)\b", line):
                declaration = True
            if PUBLIC_THROWS.search(line) or (declaration and CONTINUED_THROWS.search(line)):
                yield f"{path}:{number}: public API with untyped throws (name the error: throws(SomeError))"
            if "{" in line or "}" in line:
                declaration = False


def check_deprecated(sources):
    for path in sources:
        text = read(path)
        for match in re.finditer(r"@available\([^)]*\bdeprecated\b", text):
            number = text.count("\n", 0, match.start()) + 1
            yield f"{path}:{number}: deprecated declaration (delete it: ICUKit keeps no old names)"


TOP_LEVEL_TYPE = re.compile(r"^public\s+(?:final\s+)?(?:struct|class|enum|protocol|actor)\s+([A-Z]\w*)", re.M)


def check_landing_page(sources):
    landing = "Sources/ICUKit/ICUKit.docc/ICUKit.md"
    text = read(landing)
    listed = set(re.findall(r"``([A-Za-z_][\w.]*)``", text))
    for path in sources:
        if not path.startswith("Sources/ICUKit/"):
            continue
        for name in TOP_LEVEL_TYPE.findall(read(path)):
            if name not in listed and name not in UNLISTABLE:
                yield f"{landing}: public type {name} ({path}) is not listed on the landing page"


def known_names(sources_and_tests):
    names = set()
    if os.path.isdir(ICU_HEADERS):
        for header in os.listdir(ICU_HEADERS):
            with open(os.path.join(ICU_HEADERS, header), encoding="utf-8", errors="replace") as f:
                names.update(re.findall(r"\b[A-Z][A-Za-z0-9_]*\b", f.read()))
    for path in sources_and_tests:
        names.update(re.findall(r"\b[A-Z][A-Za-z0-9]*\b", code_without_comments(read(path))))
    return names


def check_references(all_files, swift_files, docs):
    paths = set(all_files)
    basenames = {os.path.basename(p) for p in all_files}
    unicode_files = [f for _, _, files in os.walk(UNICODE_DATA) for f in files]
    stems = {os.path.splitext(name)[0] for name in list(basenames) + unicode_files} | {os.path.basename(os.path.dirname(p)) for p in all_files}
    names = known_names(swift_files) | EXTERNAL_NAMES
    targets = [(p, read(p)) for p in docs] + [(p, comments(read(p))) for p in swift_files if p.startswith(("Sources/", "Tests/", "Benchmarks/", "Fuzz/"))]
    for path, text in targets:
        base = os.path.dirname(path)
        for match in FILE_REF.finditer(text):
            ref = match.group(1).rstrip(".")
            if match.start() > 0 and text[match.start() - 1] in ">*":
                continue  # a placeholder: `<area>-callgrind.sh`, `*-callgrind.sh`
            bare = re.sub(r"^(?:\.\.?/)+", "", ref)
            start = match.start()
            while start > 0 and not text[start - 1].isspace() and text[start - 1] not in "(<[\"'":
                start -= 1
            if "://" in text[start:match.start()]:
                continue
            if ref in EXTERNAL_FILES or ref in paths or os.path.normpath(os.path.join(base, ref)) in paths:
                continue
            if "/" not in bare and bare in basenames:
                continue
            if any(p == bare or p.endswith("/" + bare) for p in paths):
                continue
            if os.path.exists(os.path.join(ICU_HEADERS, os.path.basename(bare))) or os.path.exists(os.path.join("/usr/include", bare)):
                continue
            number = text.count("\n", 0, match.start()) + 1
            where = f"{path}:{number}" if path in docs else path
            yield f"{where}: names file '{ref}', which does not exist"
        for match in TYPE_REF.finditer(text):
            name = match.group(1)
            if name in names or name in stems or not TWO_CAPITALS.match(name):
                continue
            number = text.count("\n", 0, match.start()) + 1
            where = f"{path}:{number}" if path in docs else path
            yield f"{where}: names '{name}', which no code declares or uses"


MD_LINK = re.compile(r"\]\(((?:[\w./-]*/)?([\w-]+\.md))#([^)\s]+)\)")
SECTION_REF = re.compile(r"\b([A-Z][A-Za-z-]*\.md),?\s+(?:section\s+)?[\"“]([^\"”\n]+)[\"”]")


def slug(heading):
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def headings(path):
    return [h.strip() for h in re.findall(r"^#+\s+(.*)$", read(path), re.M)]


def check_sections(all_files, swift_files, docs):
    by_name = {}
    for p in all_files:
        if p.endswith(".md"):
            by_name.setdefault(os.path.basename(p), p)
    targets = [(p, read(p)) for p in docs] + [(p, comments(read(p))) for p in swift_files if p.startswith(("Sources/", "Tests/", "Benchmarks/", "Fuzz/"))]
    targets += [("Package.swift", comments(read("Package.swift")))]
    for path, text in targets:
        for match in MD_LINK.finditer(text):
            target = os.path.normpath(os.path.join(os.path.dirname(path), match.group(1)))
            target = target if target in all_files else by_name.get(match.group(2))
            if target and match.group(3) not in {slug(h) for h in headings(target)}:
                yield f"{path}: links to {match.group(1)}#{match.group(3)}, a section that does not exist"
        for match in SECTION_REF.finditer(text):
            target = by_name.get(match.group(1))
            wanted = match.group(2).lower()
            if target and not any(wanted in h.lower() for h in headings(target)):
                yield f"{path}: names section \"{match.group(2)}\" of {match.group(1)}, which has no such heading"


RULES = ["lengths", "edge", "throws", "deprecated", "landing-page", "references", "sections"]


def main():
    if "--list" in sys.argv:
        print("\n".join(RULES))
        return 0
    sources = tracked("Sources/*.swift")
    swift_files = tracked("*.swift")
    all_files = tracked()
    docs = [p for p in tracked("*.md") if not p.startswith(("Tests/LocaleMatcherData/", "Fuzz/corpus/"))]
    problems = []
    problems += check_lengths(sources)
    problems += check_edge(sources)
    problems += check_throws(sources)
    problems += check_deprecated(sources)
    problems += check_landing_page(sources)
    problems += check_references(all_files, swift_files, docs)
    problems += check_sections(all_files, swift_files, docs)
    for problem in problems:
        print(problem)
    print(f"guards: {len(problems)} problem(s)" if problems else "guards: all rules hold")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
