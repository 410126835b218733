#!/usr/bin/env python3
"""Build ICUKit's language-recognition model (LanguageRecognizer).

Output: Sources/CICULanguageModel/LanguageModel.c.bin (generated; commit it), embedded as
it is by that target's LanguageModel.c (#embed).
Data: the training side of Scripts/language_corpus.py (translated program messages from
/usr/share/locale; help manuals and manual pages are never read). See Scripts/LANGUAGE-DATA.md.

Model: multinomial naive Bayes over six kinds of features of the lower-cased letters of a
text, the same extraction as Sources/ICUKit/Language/LanguageFeatures.swift:
  kinds 0-4: character n-grams of length 1-5 inside words padded with one space each side
             (unigrams are letters only);
  kind 5:    whole words (up to 24 letters).
Per language and kind the most frequent features are kept with their cost -ln P(f | language,
kind) in 1/10 nat steps; a feature the language did not keep costs the floor of that kind
(the same for every language: the largest of the languages' own floors, half the count of
their least frequent kept feature). The tables store gains, floor - cost. Features are stored by a 32-bit FNV-1a hash of their UTF-8 bytes (seeded by kind).
Every language also records its writing system (the script most of its letters are in), which
decides first at recognition time.

usage: python3 Scripts/build-language-models.py [--out PATH] [--corpus-cache FILE]
"""
import argparse
import collections
import math
import os
import pickle
import struct
import sys
import unicodedata

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import language_corpus  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Sources", "CICULanguageModel", "LanguageModel.c.bin")

QUANT = 10.0            # cost steps per nat
KEEP = [400, 2000, 3000, 3000, 2500, 3000]   # features kept per language and kind
CJK_KEEP = [3500, 3000, 3000, 2000, 1000, 500]
MAX_CHARS = 1_200_000    # training characters per language
MIN_CHARS = 10_000       # languages with less training text are left out ...
ALWAYS = {"mt"}          # ... except these (encoding-model languages; thin but distinctive)
MAX_WORD = 24
PRIOR_WEIGHT = 0.5       # chosen on the held-out program messages (short texts of the major languages)

# Scripts: (first, last, id). Must match nothing else: LanguageModel reads this table from
# the generated data. id 0 = none/unknown.
SCRIPT_NAMES = ["Zyyy", "Latn", "Cyrl", "Grek", "Armn", "Hebr", "Arab", "Deva", "Beng",
                "Guru", "Gujr", "Orya", "Taml", "Telu", "Knda", "Mlym", "Sinh", "Thai",
                "Laoo", "Tibt", "Mymr", "Geor", "Hang", "Ethi", "Khmr", "Mong", "Kana",
                "Hani", "Thaa", "Syrc"]
S = {n: i for i, n in enumerate(SCRIPT_NAMES)}
SCRIPT_RANGES = [
    (0x41, 0x5A, "Latn"), (0x61, 0x7A, "Latn"), (0xAA, 0xAA, "Latn"), (0xBA, 0xBA, "Latn"),
    (0xC0, 0x24F, "Latn"), (0x250, 0x2AF, "Latn"), (0x1E00, 0x1EFF, "Latn"), (0x2C60, 0x2C7F, "Latn"),
    (0xA720, 0xA7FF, "Latn"), (0xFF21, 0xFF3A, "Latn"), (0xFF41, 0xFF5A, "Latn"),
    (0x370, 0x3FF, "Grek"), (0x1F00, 0x1FFF, "Grek"),
    (0x400, 0x52F, "Cyrl"), (0x1C80, 0x1C8F, "Cyrl"), (0x2DE0, 0x2DFF, "Cyrl"), (0xA640, 0xA69F, "Cyrl"),
    (0x530, 0x58F, "Armn"), (0xFB13, 0xFB17, "Armn"),
    (0x590, 0x5FF, "Hebr"), (0xFB1D, 0xFB4F, "Hebr"),
    (0x600, 0x6FF, "Arab"), (0x750, 0x77F, "Arab"), (0x8A0, 0x8FF, "Arab"), (0xFB50, 0xFDFF, "Arab"),
    (0xFE70, 0xFEFF, "Arab"),
    (0x700, 0x74F, "Syrc"), (0x780, 0x7BF, "Thaa"),
    (0x900, 0x97F, "Deva"), (0x980, 0x9FF, "Beng"), (0xA00, 0xA7F, "Guru"), (0xA80, 0xAFF, "Gujr"),
    (0xB00, 0xB7F, "Orya"), (0xB80, 0xBFF, "Taml"), (0xC00, 0xC7F, "Telu"), (0xC80, 0xCFF, "Knda"),
    (0xD00, 0xD7F, "Mlym"), (0xD80, 0xDFF, "Sinh"), (0xE00, 0xE7F, "Thai"), (0xE80, 0xEFF, "Laoo"),
    (0xF00, 0xFFF, "Tibt"), (0x1000, 0x109F, "Mymr"), (0x10A0, 0x10FF, "Geor"), (0x1C90, 0x1CBF, "Geor"),
    (0x1100, 0x11FF, "Hang"), (0x3130, 0x318F, "Hang"), (0xAC00, 0xD7AF, "Hang"),
    (0x1200, 0x139F, "Ethi"), (0x2D80, 0x2DDF, "Ethi"), (0x1780, 0x17FF, "Khmr"), (0x1800, 0x18AF, "Mong"),
    (0x3040, 0x30FF, "Kana"), (0x31F0, 0x31FF, "Kana"), (0xFF66, 0xFF9F, "Kana"),
    (0x3400, 0x4DBF, "Hani"), (0x4E00, 0x9FFF, "Hani"), (0xF900, 0xFAFF, "Hani"), (0x20000, 0x3134F, "Hani"),
]


def script_of(cp):
    for a, b, n in SCRIPT_RANGES:
        if a <= cp <= b:
            return S[n]
    return 0


def is_letter(ch):
    return unicodedata.category(ch)[0] in "LM"


def words(text):
    """Lower-cased letter runs, character by character (as the Swift side does)."""
    out, cur = [], []
    for ch in text:
        if is_letter(ch):
            cur.append(ch.lower())
        elif cur:
            out.append("".join(cur))
            cur = []
    if cur:
        out.append("".join(cur))
    return out


def features(text):
    """[(kind, string)] in the order the Swift side computes them."""
    out = []
    for w in words(text):
        for ch in w:
            out.append((0, ch))
        p = " " + w + " "
        for n in range(2, 6):
            for i in range(len(p) - n + 1):
                out.append((n - 1, p[i:i + n]))
        if len(w) <= MAX_WORD:
            out.append((5, w))
    return out


def fnv(kind, s):
    h = 2166136261
    for b in s.encode("utf-8"):
        h ^= b
        h = (h * 16777619) & 0xFFFFFFFF
    return ((h ^ ((kind * 0x9E3779B1) & 0xFFFFFFFF)) * 16777619) & 0xFFFFFFFF


def dominant_script(text):
    c = collections.Counter(script_of(ord(ch)) for ch in text if is_letter(ch))
    c.pop(0, None)
    return c.most_common(1)[0][0] if c else 0


def train(corpus):
    langs = sorted(k for k, v in corpus.items() if sum(map(len, v)) >= MIN_CHARS or k in ALWAYS)
    model = {}
    for code in langs:
        counts = [collections.Counter() for _ in range(6)]
        total = 0
        sc = collections.Counter()
        for t in corpus[code]:
            if total > MAX_CHARS:
                break
            total += len(t)
            fs = features(t)
            for k, f in fs:
                counts[k][f] += 1
            for ch in t:
                if is_letter(ch):
                    sc[script_of(ord(ch))] += 1
        sc.pop(0, None)
        script = sc.most_common(1)[0][0]
        if code == "ja":
            script = S["Kana"]
        keep = CJK_KEEP if script in (S["Hani"], S["Kana"], S["Hang"]) else KEEP
        kinds = []
        for k in range(6):
            tot = sum(counts[k].values()) + 1
            top = counts[k].most_common(keep[k])
            top = [(f, n) for f, n in top if n >= 2] or top[:1]
            costs = {f: -math.log(n / tot) for f, n in top}
            # Unseen: half the smallest kept count (never cheaper than anything kept).
            floor = -math.log(max(0.5, min(n for _, n in top) * 0.5) / tot) if top else 12.0
            kinds.append((costs, floor))
        model[code] = (script, kinds, total)
        print(f"{code}: {total} chars, script {SCRIPT_NAMES[script]}", file=sys.stderr)
    # One floor per kind for every language (the largest): a language trained on little text
    # must not pay less for an unseen feature than one that saw much; no kept feature costs
    # more than the floor.
    floors = [max(model[c][1][k][1] for c in model) for k in range(6)]
    for code in model:
        script, kinds, total = model[code]
        model[code] = (script, [({f: min(v, floors[k]) for f, v in costs.items()}, floors[k])
                                for k, (costs, _) in enumerate(kinds)], total)
    return model


def q(x):
    return max(0, min(255, int(round(x * QUANT))))


DENSE = 16  # features kept by at least this many languages are stored as a dense row


def serialize(model):
    """Costs become gains (floor of the kind - cost, >= 0): a language that did not keep a
    feature gains 0 from it, so only the languages that kept it are stored."""
    codes = sorted(model)
    floors = [model[codes[0]][1][k][1] for k in range(6)]
    feats = collections.defaultdict(list)  # hash -> [(lang, gain)]
    kind_of = {}
    for li, code in enumerate(codes):
        kinds = model[code][1]
        for k, (costs, _) in enumerate(kinds):
            for f, c in costs.items():
                h = fnv(k, f)
                if h in kind_of and kind_of[h] != k:
                    continue  # cross-kind hash collision: keep the first
                kind_of[h] = k
                feats[h].append((li, max(0, q(floors[k]) - q(c))))
    dense = sum(1 for es in feats.values() if len(es) >= DENSE)
    sparse_entries = sum(len(es) for es in feats.values() if len(es) < DENSE)
    out = bytearray(b"ILM2")
    out += struct.pack("<HIII", len(codes), len(feats), dense, sparse_entries)
    out += struct.pack("<H", len(SCRIPT_RANGES))
    for a, b, n in SCRIPT_RANGES:
        out += struct.pack("<IIB", a, b, S[n])
    out += bytes(q(fl) for fl in floors)
    # Prior: how much translated text a language has is a (rough) measure of how often its
    # text is met; PRIOR_WEIGHT * ln(training characters / median), in 1/10 nat, as Int8.
    sizes = sorted(model[c][2] for c in codes)
    median = sizes[len(sizes) // 2]
    for code in codes:
        script, _, total = model[code]
        prior = max(-127, min(127, round(QUANT * PRIOR_WEIGHT * math.log(max(total, 1) / median))))
        cb = code.encode()
        out += struct.pack("<B", len(cb)) + cb + struct.pack("<Bb", script, prior)
    # Features in the order of their home slot in the loader's hash table (the capacity and
    # mix of LanguageModel.swift), so that building the table at start-up writes it front to
    # back instead of at random (a cache miss per feature: 26.5 -> 20.3 ms for a process).
    capacity = 1
    while capacity * 7 < len(feats) * 10:
        capacity <<= 1
    def home(h):
        return (((h ^ (h >> 15)) * 0x2C1B3C6D) & 0xFFFFFFFF) & (capacity - 1)
    for h in sorted(feats, key=lambda h: (home(h), h)):
        es = sorted(feats[h])
        out += struct.pack("<IB", h, len(es))
        for li, g in es:
            out += struct.pack("<BB", li, g)
    return bytes(out), codes


def write_blob(blob, codes, path):
    # Sources/CICULanguageModel/LanguageModel.c embeds it with #embed (a tracked dependency).
    with open(path, "wb") as fh:
        fh.write(blob)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=OUT)
    ap.add_argument("--corpus-cache", help="pickle of (train, heldout) from a previous run")
    ap.add_argument("--model-pickle", help="also write the Python model here (for evaluation)")
    args = ap.parse_args()
    if args.corpus_cache and os.path.exists(args.corpus_cache):
        corpus = pickle.load(open(args.corpus_cache, "rb"))[0]
    else:
        corpus = language_corpus.collect(side="train")
    model = train(corpus)
    blob, codes = serialize(model)
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    write_blob(blob, codes, args.out)
    if args.model_pickle:
        pickle.dump(model, open(args.model_pickle, "wb"))
    print(f"{len(codes)} languages, {len(blob)} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
