#!/usr/bin/env python3
"""Re-answer the draws of Tests/LocaleMatcherData/oracle-draws.jsonl with ICU's C++
icu::LocaleMatcher of a given ICU build (Scripts/locale-match-oracle.cpp), for ICU versions
that PyICU is not built against.

Usage: python3 Scripts/locale-match-oracle-cxx.py --prefix /var/cache/icukit/icu-76.1 \
           --out Tests/LocaleMatcherData/oracle-draws-icu76.jsonl
(--prefix /usr answers with the system ICU; with ICU 72 it reproduces oracle-draws.jsonl.)
"""
import argparse, json, os, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
parser = argparse.ArgumentParser()
parser.add_argument("--prefix", required=True, help="ICU install prefix (with lib/pkgconfig)")
parser.add_argument("--draws", default=os.path.join(here, "../Tests/LocaleMatcherData/oracle-draws.jsonl"))
parser.add_argument("--out", required=True)
args = parser.parse_args()

env = dict(os.environ)
if args.prefix != "/usr":
    env["PKG_CONFIG_PATH"] = os.path.join(args.prefix, "lib/pkgconfig")
    env["LD_LIBRARY_PATH"] = os.path.join(args.prefix, "lib")
flags = subprocess.run(["pkg-config", "--cflags", "--libs", "icu-i18n", "icu-uc"], env=env,
                       check=True, capture_output=True, text=True).stdout.split()
version = subprocess.run(["pkg-config", "--modversion", "icu-i18n"], env=env,
                         check=True, capture_output=True, text=True).stdout.strip()
binary = os.path.join(tempfile.mkdtemp(), "locale-match-oracle")
subprocess.run(["g++", "-std=c++17", "-O1", os.path.join(here, "locale-match-oracle.cpp"), "-o", binary] + flags,
               check=True)

draws = [json.loads(line) for line in open(args.draws, encoding="utf-8")]
US = "\x1f"
lines = []
for d in draws:
    default = "-" if d["default"] is None else d["default"]
    md = "" if d["maxDistance"] is None else US.join(d["maxDistance"])
    if "acceptLanguage" in d:
        mode, rest = "H", d["acceptLanguage"]
    else:
        mode, rest = "P", US.join(d["preferred"])
    fields = [US.join(d["available"]), d["favor"], d["demotion"], d["direction"], default, md, mode, rest]
    assert not any("\t" in f or "\n" in f for f in fields)
    lines.append("\t".join(fields))
out = subprocess.run([binary], input="\n".join(lines) + "\n", env=env, check=True,
                     capture_output=True, text=True).stdout.split("\n")
changed = 0
with open(args.out, "w", encoding="utf-8") as f:
    for d, answer in zip(draws, out):
        old = d["icu"]
        if "acceptLanguage" in d:
            d["icu"] = {"locale": None if answer == "null" else answer}
        else:
            index, desired, locale = answer.split("\t")
            d["icu"] = {"availableIndex": int(index), "preferredIndex": int(desired),
                        "locale": None if locale == "null" else locale}
        changed += d["icu"] != old
        f.write(json.dumps(d, separators=(",", ":")) + "\n")
print("%d draws answered by ICU %s's C++ LocaleMatcher; %d answers differ from %s"
      % (len(draws), version, changed, os.path.basename(args.draws)))
