#!/usr/bin/env python3
"""Random locale-matching draws answered by ICU's own C++ LocaleMatcher (through PyICU).

Writes Tests/LocaleMatcherData/oracle-draws.jsonl: one JSON object per line with the
available and preferred locales (or an Accept-Language header), the options, and ICU's
answer. LocaleMatcherOracleTests replays every line through ICUKit's LocaleMatcher and
requires the same answer. The tags are all those in ICU's localeMatcherTest.txt.

Usage: pip install PyICU   # builds against the system ICU (libicu-dev)
       python3 Scripts/locale-match-oracle.py [--count 4000] [--seed 18] [--wild N] [--out FILE]
  --wild N adds N generated tags (legacy codes, random subtags, pseudo-locales, private
  use, odd case) to the pool; the committed file uses the defaults.
"""
import argparse
import json
import os
import random
import re

import icu

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "Tests", "LocaleMatcherData")


def test_tags():
    tags = set()
    for line in open(os.path.join(DATA, "localeMatcherTest.txt"), encoding="utf-8"):
        line = line.split("#", 1)[0].strip()
        if not line or line.startswith("**"):
            continue
        if line.startswith("@"):
            key, _, value = line[1:].partition("=")
            if key in ("supported", "default"):
                tags.update(t.strip() for t in value.split(","))
            continue
        if ">>" in line:
            desired, _, expected = line.partition(">>")
            tags.update(t.strip() for t in desired.split(","))
            tags.update(t.strip() for t in expected.split("|"))
    tags.discard("")
    tags.discard("null")
    return sorted(t for t in tags if re.fullmatch(r"[A-Za-z0-9_@=;.-]+", t) and not icu.Locale(t).isBogus())


def wild_tags(rng, count):
    """Generated tags beyond the test file: legacy codes, random subtags, odd scripts and
    regions, pseudo-locale variants, private use, mixed case and separators."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    languages = ["iw", "tl", "mo", "sh", "no", "cmn", "zh", "sr", "bs", "hr", "nb", "nn", "da",
                 "en", "und", "in", "ji", "jw", "aa", "yue", "gsw", "de", "fr", "es", "pt", "ar"]
    scripts = ["", "", "", "Latn", "Cyrl", "Hans", "Hant", "Arab", "Zzzz", "Qaaa", "Jpan", "Deva"]
    regions = ["", "", "US", "GB", "419", "001", "150", "ZZ", "XA", "XB", "XC", "SU", "DD", "TW", "CN", "BR", "AU"]
    variants = ["", "", "", "PSACCENT", "PSBIDI", "PSCRACK", "fonipa", "POSIX", "valencia"]
    tags = []
    while len(tags) < count:
        r = rng.random()
        if r < 0.05:
            tags.append("x-" + "".join(rng.choice(letters) for _ in range(rng.randint(1, 8))))
            continue
        lang = rng.choice(languages) if r < 0.7 else "".join(rng.choice(letters) for _ in range(rng.choice([2, 3])))
        region = rng.choice(regions)
        if rng.random() < 0.15:
            region = "".join(rng.choice(letters.upper()) for _ in range(2)) if rng.random() < 0.7 else "%03d" % rng.randint(0, 999)
        parts = [lang, rng.choice(scripts), region, rng.choice(variants)]
        tag = rng.choice(["-", "_"]).join(p for p in parts if p)
        if rng.random() < 0.1:
            tag = tag.upper() if rng.random() < 0.5 else tag.lower()
        if not icu.Locale(tag).isBogus():
            tags.append(tag)
    return tags


def header(rng, tags):
    parts = []
    for _ in range(rng.randint(1, 5)):
        tag = rng.choice(tags)
        r = rng.random()
        if r < 0.5:
            parts.append(tag)
        elif r < 0.9:
            parts.append("%s;q=%s" % (tag, rng.choice(["0", "0.1", "0.5", "0.8", "0.9", "1", "1.0", "0.333", "0.0005", "0.9995"])))
        else:
            parts.append("%s ; q = 0.%d" % (tag, rng.randint(0, 999)))
    return rng.choice([",", ", ", " , "]).join(parts)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--wild", type=int, default=0, help="add this many generated tags to the pool")
    parser.add_argument("--out", default=os.path.join(DATA, "oracle-draws.jsonl"))
    args = parser.parse_args()
    rng = random.Random(args.seed)
    tags = test_tags()
    if args.wild:
        tags = sorted(set(tags + wild_tags(rng, args.wild)))
    out = open(args.out, "w", encoding="utf-8")
    for _ in range(args.count):
        size = rng.choice([1, 2, 3, 5, 8, 12, 20, 40, 100])
        available = [rng.choice(tags) for _ in range(size)]
        case = {"available": available}
        b = icu.LocaleMatcher.Builder()
        b.setSupportedLocales([icu.Locale(t) for t in available])
        favor = rng.choice(["language", "script"])
        b.setFavorSubtag(icu.ULocMatchFavorSubtag.SCRIPT if favor == "script" else icu.ULocMatchFavorSubtag.LANGUAGE)
        demotion = rng.choice(["region", "none"])
        b.setDemotionPerDesiredLocale(icu.ULocMatchDemotion.NONE if demotion == "none" else icu.ULocMatchDemotion.REGION)
        direction = rng.choice(["withOneWay", "onlyTwoWay"])
        b.setDirection(icu.ULocMatchDirection.ONLY_TWO_WAY if direction == "onlyTwoWay" else icu.ULocMatchDirection.WITH_ONE_WAY)
        use_header = rng.random() < 0.2
        r = rng.random()
        default = None
        if r < 0.2 and not use_header:  # PyICU 2.17 crashes wrapping a null getBestMatchForListString()
            default = "none"
            b.setNoDefaultLocale()
        elif r < 0.4:
            default = rng.choice(tags)
            b.setDefaultLocale(icu.Locale(default))
        max_distance = None
        if rng.random() < 0.25:
            max_distance = [rng.choice(tags), rng.choice(tags)]
            b.setMaxDistance((icu.Locale(max_distance[0]), icu.Locale(max_distance[1])))  # PyICU takes a pair
        case.update(favor=favor, demotion=demotion, direction=direction, default=default, maxDistance=max_distance)
        matcher = b.build()
        if use_header:
            h = header(rng, tags)
            case["acceptLanguage"] = h
            best = matcher.getBestMatchForListString(h)
            case["icu"] = {"locale": None if best is None else best.getName()}
        else:
            preferred = [rng.choice(tags) for _ in range(rng.choice([1, 1, 2, 3, 4]))]
            case["preferred"] = preferred
            result = matcher.getBestMatchResult([icu.Locale(t) for t in preferred])
            index = result.getSupportedIndex()
            supported = None if index < 0 and default == "none" else result.getSupportedLocale()
            case["icu"] = {
                "availableIndex": index,
                "preferredIndex": result.getDesiredIndex(),
                "locale": None if supported is None else supported.getName(),
            }
        out.write(json.dumps(case, separators=(",", ":")) + "\n")
    print("%d draws over %d tags (ICU %s)" % (args.count, len(tags), icu.ICU_VERSION))


if __name__ == "__main__":
    main()
