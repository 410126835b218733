#!/usr/bin/env python3
"""Compares `icukit idna to-ascii|to-unicode` with ICU's own answers through PyICU
(Debian `python3-icu`, the same ICU): every source of IdnaTestV2.txt (6,234 names without
line breaks or surrogates) under two option sets, both directions. Prints the number of
differing lines per run and exits 1 if any differ.

    python3 Scripts/compare-idna-pyicu.py [.build/debug/icukit]
(run with /usr/bin/python3, which has PyICU)
"""
import json
import os
import re
import subprocess
import sys
import tempfile

import icu

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "icukit")
I, Info = icu.IDNA, icu.IDNAInfo
BITS = [(Info.ERROR_EMPTY_LABEL, "emptyLabel"), (Info.ERROR_LABEL_TOO_LONG, "labelTooLong"),
        (Info.ERROR_DOMAIN_NAME_TOO_LONG, "domainNameTooLong"), (Info.ERROR_LEADING_HYPHEN, "leadingHyphen"),
        (Info.ERROR_TRAILING_HYPHEN, "trailingHyphen"), (Info.ERROR_HYPHEN_3_4, "hyphen34"),
        (Info.ERROR_LEADING_COMBINING_MARK, "leadingCombiningMark"), (Info.ERROR_DISALLOWED, "disallowed"),
        (Info.ERROR_PUNYCODE, "punycode"), (Info.ERROR_LABEL_HAS_DOT, "labelHasDot"),
        (Info.ERROR_INVALID_ACE_LABEL, "invalidAceLabel"), (Info.ERROR_BIDI, "bidi"), (Info.ERROR_CONTEXTJ, "contextJ"),
        (Info.ERROR_CONTEXTO_PUNCTUATION, "contextOPunctuation"), (Info.ERROR_CONTEXTO_DIGITS, "contextODigits")]


def names():
    path = os.path.join(ROOT, "Tests", "ICUKitTests", "Identifiers", "Data", "IdnaTestV2.txt")
    out = []
    for line in open(path, encoding="utf-8"):
        fields = line.split("#")[0].split(";")
        if len(fields) < 7:
            continue
        value = re.sub(r"\\x\{([0-9A-Fa-f]+)\}", lambda m: chr(int(m.group(1), 16)), fields[0].strip())
        value = re.sub(r"\\u([0-9A-Fa-f]{4})", lambda m: chr(int(m.group(1), 16)), value)
        if value and "\n" not in value and "\r" not in value and not any(0xD800 <= ord(c) <= 0xDFFF for c in value):
            out.append(value)
    return out


def oracle(values, mode, flags):
    options = 0
    if "--transitional" not in flags:
        options |= I.CHECK_NONTRANSITIONAL_TO_ASCII | I.CHECK_NONTRANSITIONAL_TO_UNICODE
    if "--no-check-bidi" not in flags:
        options |= I.CHECK_BIDI
    if "--no-check-joiners" not in flags:
        options |= I.CHECK_CONTEXTJ
    if "--check-contexto" in flags:
        options |= I.CHECK_CONTEXT0
    if "--std3" in flags:
        options |= I.USE_STD3_RULES
    idna = I(options)
    lines = []
    for value in values:
        info = Info()
        output = idna.nameToASCII(value, info) if mode == "to-ascii" else idna.nameToUnicode(value, info)
        lines.append(json.dumps({"input": value, "output": str(output), "errors": [n for b, n in BITS if info.errors() & b]},
                                ensure_ascii=False, separators=(",", ":")))
    return lines


values = names()
with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as f:
    f.write("\n".join(values) + "\n")
differing = 0
for mode in ["to-ascii", "to-unicode"]:
    for flags in [[], ["--transitional", "--std3", "--check-contexto"], ["--no-check-bidi", "--no-check-joiners"]]:
        ours = subprocess.run([BINARY, "idna", mode, *flags, f.name], capture_output=True, check=True).stdout.decode().splitlines()
        theirs = oracle(values, mode, flags)
        diff = sum(1 for a, b in zip(ours, theirs) if a != b) + abs(len(ours) - len(theirs))
        differing += diff
        print(f"{mode} {' '.join(flags) or '(defaults)'}: {len(theirs)} names, {diff} differ")
os.unlink(f.name)
sys.exit(1 if differing else 0)
