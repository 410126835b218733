#!/usr/bin/env python3
"""Runs `icukit` on a fixed set of invocations and writes each one's exit code, stdout
and stderr to one file, so two builds can be compared byte for byte:

    python3 Scripts/cli-snapshot.py .build/debug/icukit /tmp/before.txt
    python3 Scripts/cli-snapshot.py .build/debug/icukit /tmp/after.txt
    diff /tmp/before.txt /tmp/after.txt

Every subcommand appears with its help, typical options, JSON output and bad input.
`--no-stderr` leaves stderr out (for a change that only rewords messages).
"""
import os
import subprocess
import sys
import tempfile

TEXT = ("ภาษาไทยเขียนติดกัน — Mr. Smith 👩‍👩‍👧 said “hi”. 東京で会いましょう。\n"
        "مرحبا بالعالم 123 שלום עולם. Ünïcödé façade, ﬁ ﬀ Ⅻ ｶﾀｶﾅ.\n"
        "Привет, мир! Γειά σου κόσμε. हिन्दी पाठ। İstanbul ß\n")
WORDS = "peach\nPéché\npéché\nApple\napple\nä\nz\nitem 10\nitem 9\nÅngström\n\n"
JSONL = '"first line\\r\\nwith CRLF"\n"日本語のテキストです"\n"Das ist ein deutscher Satz über Straßen."\n'

def cases(tmp):
    latin1 = os.path.join(tmp, "latin1.txt")
    with open(latin1, "wb") as f:
        f.write("Ceci est un texte français: déjà été, où ça?\n".encode("latin-1"))
    sjis = os.path.join(tmp, "sjis.txt")
    with open(sjis, "wb") as f:
        f.write("日本語の文章です。これはテストです。".encode("shift_jis") * 3)
    bad = os.path.join(tmp, "bad.txt")
    with open(bad, "wb") as f:
        f.write(b"abc\xff\xfe def\n")
    rules = os.path.join(tmp, "rules.txt")
    with open(rules, "w") as f:
        f.write("a > b;\n")
    empty = os.path.join(tmp, "empty.txt")
    open(empty, "wb").close()
    t = TEXT.encode()
    c = [
        ([], b""), (["--help"], b""), (["--version"], b""), (["help"], b""), (["bogus"], b""),
    ]
    groups = {"format": ["date", "interval", "duration", "relative", "number", "measure", "plural", "list", "message"],
              "locale": ["info", "match"], "calendar": ["convert", "from", "add", "diff", "month"],
              "bidi": ["analyze", "isolate"], "idna": ["to-ascii", "to-unicode"],
              "spoof": ["skeleton", "confusable", "check", "index"]}
    leaves = ["segment", "sort", "compare", "search", "detect", "convert", "normalize", "case",
              "transliterate", "chars", "scripts", "stringprep", "language", "tour"]
    for name in leaves + list(groups):
        c.append(([name, "--help"], b""))
        c.append((["help", name], b""))
    for group, subs in groups.items():
        for sub in subs:
            c.append(([group, sub, "--help"], b""))
            c.append((["help", group, sub], b""))
    c += [
        # segment
        (["segment", "--by", "word"], t), (["segment", "--by", "word", "--format", "json"], t),
        (["segment", "--by", "grapheme", "--format", "count"], t), (["segment", "--by", "sentence", "--locale", "en@ss=standard", "--format", "json"], t),
        (["segment", "--by", "line", "--locale", "ja", "--format", "json"], t), (["segment", "--by=word", "--locale=th"], t),
        (["segment", "--by", "word", "--jsonl", "--format", "json"], JSONL.encode()), (["segment", "--by", "bogus"], t),
        (["segment", "--by", "word", "--locale", "xx", "--strict"], t), (["segment"], b""), (["segment", "--by", "word", bad], b""),
        (["segment", "--by", "word", "/nonexistent"], b""), (["segment", "--by", "word", empty], b""), (["segment", "--by", "word", "--format", "json"], b"\xff"),
        # sort / compare / search
        (["sort"], WORDS.encode()), (["sort", "--locale", "sv"], WORDS.encode()), (["sort", "--standard"], WORDS.encode()),
        (["sort", "--numeric", "--reverse", "--unique"], WORDS.encode()), (["sort", "--strength", "primary", "--unique"], WORDS.encode()),
        (["sort", "--case-first", "upper", "--ignore-punctuation"], WORDS.encode()), (["sort", "--strength", "bogus"], WORDS.encode()),
        (["compare", "a", "b"], b""), (["compare", "ä", "z", "--locale", "sv"], b""), (["compare", "A", "a", "--strength", "secondary"], b""),
        (["compare", "a"], b""), (["search", "smith"], t), (["search", "SMITH", "--case-insensitive", "--all", "--format", "json"], t),
        (["search", "facade", "--diacritic-insensitive", "--all"], t), (["search", "l", "--backwards", "--format", "json"], t),
        (["search", "a", "--anchored"], t), (["search", "ภาษา", "--anchored", "--format", "json"], t), (["search", "--jsonl", "e", "--format", "json"], JSONL.encode()),
        # bidi
        (["bidi"], t), (["bidi", "--format", "json"], t), (["bidi", "--format", "visual"], t), (["bidi", "--direction", "rtl", "--format", "json"], t),
        (["bidi", "analyze", "--direction", "ltr"], t), (["bidi", "isolate", "%@ said %d", "שלום", "3"], b""), (["bidi", "isolate", "%5$@", "a"], b""),
        # format
        (["format", "date", "2026-06-03T15:07:00Z", "--locale", "en", "--style", "full", "--time-style", "short", "--time-zone", "UTC"], b""),
        (["format", "date", "2026-06-03T15:07:00Z", "--locale", "ar_SA", "--time-zone", "Asia/Riyadh", "--format", "json"], b""),
        (["format", "date", "--template", "yMMMd", "--locale", "ja_JP@calendar=japanese", "--time-zone", "Asia/Tokyo"], b"2026-06-03T15:07:00Z\n2020-01-01T00:00:00Z\n"),
        (["format", "date", "--parse", "June 3, 2026", "--locale", "en", "--style", "long", "--time-style", "none", "--time-zone", "UTC"], b""),
        (["format", "date", "--pattern", "EEEE d MMMM y", "--locale", "fr", "--context", "standalone", "2026-06-03T15:07:00Z", "--time-zone", "UTC"], b""),
        (["format", "date", "not-a-date", "--time-zone", "UTC"], b""),
        (["format", "interval", "2026-06-03T15:07:00Z", "2026-06-05T10:00:00Z", "--locale", "de", "--time-zone", "UTC"], b""),
        (["format", "duration", "3725", "--locale", "en"], b""), (["format", "duration", "93784", "--units-style", "full", "--max-units", "2", "--locale", "fr"], b""),
        (["format", "duration", "3725", "--units-style", "positional", "--zero-units", "pad", "--approximate", "--locale", "en"], b""),
        (["format", "relative", "-86400", "--locale", "en"], b""), (["format", "relative", "7200", "--locale", "es"], b""),
        (["format", "number", "1234567.891", "--locale", "de"], b""), (["format", "number", "42", "--spell-out", "--locale", "fr"], b""),
        (["format", "number", "3", "--ordinal", "--locale", "en"], b""), (["format", "number", "0.256", "--skeleton", "percent", "--locale", "en"], b""),
        (["format", "number", "12x"], b""), (["format", "measure", "5", "kilometer", "--locale", "en"], b""),
        (["format", "measure", "-40", "celsius", "--locale", "en"], b""), (["format", "plural", "2", "--locale", "ru"], b""),
        (["format", "plural", "1.5", "--locale", "en"], b""), (["format", "list", "a", "b", "c", "--locale", "en"], b""),
        (["format", "list", "a", "b", "--locale", "ja"], b""), (["format", "message", "{n, plural, one {# file} other {# files}}", "n=3", "--locale", "en"], b""),
        (["format", "message", "{x"], b""),
        # locale
        (["locale", "info", "de-CH"], b""), (["locale", "info", "ur_IN@calendar=islamic", "--format", "json"], b""), (["locale", "info", "xx", "--strict"], b""),
        (["locale", "match", "--available", "en,fr,de-CH", "--preferred", "de-AT,fr"], b""), (["locale", "match", "--available", "en,fr", "--accept-language", "fr-CH;q=0.9, en;q=0.8"], b""), (["locale", "match", "--available", "en,pt-PT,pt-BR", "--preferred", "pt-AO", "--format", "json"], b""),
        # calendar
        (["calendar", "convert", "2026-11-22", "--to", "islamic-umalqura"], b""), (["calendar", "convert", "2027-02-06", "2027-02-07", "--to", "chinese"], b""),
        (["calendar", "convert", "--to", "hebrew", "--format", "text"], b"2026-01-01\n2046-10-01\n"), (["calendar", "convert", "2026-01-01", "--to", "bogus"], b""),
        (["calendar", "convert", "2019-05-01", "--to", "japanese"], b""), (["calendar", "from", "--calendar", "hebrew", "--year", "5786", "--month", "1", "--day", "1"], b""),
        (["calendar", "from", "--calendar", "chinese", "--year", "4662", "--month", "6", "--leap", "--day", "1"], b""), (["calendar", "from", "--calendar", "chinese", "--year", "4660", "--month", "2", "--leap", "--day", "1"], b""),
        (["calendar", "add", "2026-01-31", "--calendar", "gregorian", "--months", "1"], b""), (["calendar", "add", "2026-01-01", "--calendar", "hebrew", "--years", "1", "--days", "3"], b""),
        (["calendar", "diff", "2020-01-01", "2026-06-01", "--calendar", "islamic", "--unit", "months"], b""),
        (["calendar", "month", "2026-02-01", "--calendar", "gregorian"], b""), (["calendar", "month", "2026-02-01", "--calendar", "gregorian", "--overlay", "chinese"], b""),
        # detect / convert
        (["detect", latin1], b""), (["detect", sjis, "--format", "json"], b""), (["detect", latin1, "--top", "3", "--format", "json"], b""),
        (["detect"], t), (["detect", empty], b""),
        (["convert", "--from", "ISO-8859-1", latin1], b""), (["convert", "--from", "auto", sjis], b""), (["convert", "--to", "UTF-16LE"], t),
        (["convert", "--from", "UTF-8", bad], b""), (["convert", "--from", "UTF-8", "--lossy", bad], b""), (["convert", "--to", "bogus"], t),
        (["convert", "--to", "ISO-8859-1"], t), (["convert", "--to", "ISO-8859-1", "--lossy"], t),
        # text transforms
        (["normalize", "--form", "nfd"], t), (["normalize", "--form", "nfkc"], t), (["normalize", "--form", "nfkc-casefold"], t), (["normalize"], t), (["normalize", "--form", "nfc", "--check"], t),
        (["normalize", "--form", "nfc", "--jsonl", "--format", "json"], JSONL.encode()),
        (["case", "--to", "upper"], t), (["case", "--to", "lower", "--locale", "tr"], t), (["case", "--to", "title", "--locale", "nl"], b"ijsland is mooi\n"), (["case", "--to", "fold"], t), (["case", "--to", "upper", "--jsonl", "--jobs", "2"], JSONL.encode()),
        (["transliterate", "Any-Latin"], t), (["transliterate", "Cyrillic-Latin"], "Привет".encode()), (["transliterate", "--rules", rules], b"banana\n"), (["transliterate", "Latin-Greek", "--reverse"], "Ελληνικά".encode()),
        (["transliterate", "Bogus-Thing"], t), (["chars", "é👩‍👩‍👧"], b""), (["chars", "--format", "json", "aΩ"], b""), (["chars", "--range", "U+0041..U+0043"], b""),
        (["chars", "--find", "GREEK SMALL LETTER ALPHA"], b""), (["scripts"], t), (["scripts", "--jsonl"], JSONL.encode()),
        # identifiers
        (["idna", "to-ascii", "bücher.example", "ドメイン.テスト"], b""), (["idna", "to-unicode", "xn--bcher-kva.example"], b""),
        (["idna", "to-ascii", "a..b", "xn--a.b"], b""), (["idna", "to-ascii", "--transitional", "faß.de"], b""), (["idna", "to-unicode", "--jsonl"], JSONL.encode()), (["stringprep", "--profile", "saslprep", "I\u00adX"], b""),
        (["spoof", "skeleton", "paypal", "pаypal"], b""), (["spoof", "confusable", "paypal", "pаypal"], b""), (["spoof", "check", "pаypal", "paypal", "--restriction-level", "highly-restrictive"], b""), (["spoof", "index", "--help"], b""),
        # language
        (["language"], t), (["language", "--format", "json"], "Das ist ein deutscher Satz über die Straßen der Stadt.".encode()),
        (["language", "--jsonl", "--format", "json"], JSONL.encode()), (["language", "--top", "3", "--format", "json"], "Dobar dan, kako ste danas?".encode()),
        (["tour"], b""),
    ]
    return c

def main():
    binary, out = sys.argv[1], sys.argv[2]
    with_stderr = "--no-stderr" not in sys.argv
    with tempfile.TemporaryDirectory() as tmp, open(out, "wb") as f:
        for args, stdin in cases(tmp):
            shown = [a.replace(tmp, "$TMP") for a in args]
            p = subprocess.run([binary] + args, input=stdin, capture_output=True, timeout=120,
                               env={**os.environ, "LANG": "C.UTF-8", "TZ": "UTC"})
            f.write(("$ icukit " + " ".join(shown) + f"\nexit {p.returncode}\n").encode())
            f.write(p.stdout.replace(tmp.encode(), b"$TMP"))
            if with_stderr and p.stderr:
                f.write(b"--- stderr\n" + p.stderr.replace(tmp.encode(), b"$TMP"))
            f.write(b"\n")

if __name__ == "__main__":
    main()
