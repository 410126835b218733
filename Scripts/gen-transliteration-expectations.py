#!/usr/bin/env python3
"""Write Tests/ICUKitTests/Text/Data/uconv-transliterations.txt: the output of ICU's own
`uconv -x ID` (Debian icu-devtools) for every system transliterator ID on one multilingual
line (with its final line feed), the oracle of TransliterationConformanceTests. Spawning uconv ~750 times takes
about a minute, too slow for every test run, so the results are committed; the tests
also run uconv live for a sample of IDs, so a stale file is noticed.

Usage: python3 Scripts/gen-transliteration-expectations.py [--check]
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests", "ICUKitTests", "Text", "Data", "uconv-transliterations.txt")
# Kept in sync with TransliterationConformanceTests.sample.
SAMPLE = ("Москва Straße Ελληνικά Αθήνα 北京市 ひらがな カタカナ ﾊﾝｶｸ 한국어 العربية עברית "
          "हिन्दी ไทย ქართული Հայերեն አማርኛ தமிழ் বাংলা ＡＢＣ１２３ café ǅ İstanbul 42")


def main():
    ids = subprocess.run(["uconv", "-L"], capture_output=True, text=True, check=True).stdout.split()
    lines = [f"# uconv -x ID on the sample line of Scripts/gen-transliteration-expectations.py ({len(ids)} IDs)"]
    for identifier in ids:
        result = subprocess.run(["uconv", "-f", "utf-8", "-t", "utf-8", "-x", identifier],
                                input=(SAMPLE + "\n").encode(), capture_output=True)
        if result.returncode != 0:
            lines.append(f"{identifier}\t!error")
            continue
        output = result.stdout.decode("utf-8", "surrogateescape")
        lines.append(f"{identifier}\t{json.dumps(output, ensure_ascii=True)}")
    text = "\n".join(lines) + "\n"
    if "--check" in sys.argv:
        with open(OUT) as f:
            sys.exit(0 if f.read() == text else 1)
    with open(OUT, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
