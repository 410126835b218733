#!/usr/bin/env python3
"""Build ICUKit's per-language character models for EncodingDetector.

Output: Sources/ICUKit/Encoding/DetectionLanguageProfiles+Data.swift (generated; commit it).

Text source: the msgstr side of the gettext catalogues installed under /usr/share/locale
(real translated text, 40 languages). To keep evaluation honest, catalogues are split by
their *domain* (the .mo file name, i.e. the translated program): a domain whose
sha256(name) falls in the lower half is TRAINING text, the other half is HELD OUT and never
read here. Scripts/evaluate-encoding-detection.py builds its generated evaluation corpus
from the held-out half only (same split function, `is_training_domain`).

Per language the model stores
  * the most frequent non-ASCII characters (top 400; 4000 for ja/zh/ko) with
    log P(character | its class), quantized to 1/4 nat;
  * 27 x 26 costs -log P(ASCII letter | the ASCII character before it: letter a…z, or any
    other ASCII as a 27th context), case folded (language identification of mostly-ASCII
    text: letter pairs tell Lithuanian from Esperanto or Slovak where single letters do not);
  * a 4x4 table of log P(class of next char | class of char) over the classes
    A = ASCII letter, S = other ASCII (space, digit, punctuation), N = non-ASCII letter or
    mark, P = other non-ASCII; the detector only uses transitions that touch a non-ASCII
    character, which is what separates e.g. French "café" from its windows-1251 reading "cafй".
Symbols and punctuation outside ASCII (class P) get one pooled distribution shared by all
languages (entry "*"): they say little about the language, and a language's own sample of
them is thin. Vietnamese is counted twice: as is (NFC) and in windows-1258's own composition (base letter
+ combining tone mark), the way that code page writes it.

usage: python3 Scripts/build-encoding-models.py [--locale-dir /usr/share/locale] [--out PATH]
"""
import argparse
import collections
import glob
import hashlib
import math
import os
import struct
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Sources", "ICUKit", "Encoding", "DetectionLanguageProfiles+Data.swift")

# ICUKit language code -> gettext locale directory.
LANGUAGES = {
    "ru": "ru", "uk": "uk", "bg": "bg", "be": "be", "mk": "mk", "sr": "sr",
    "el": "el", "he": "he", "ar": "ar", "fa": "fa", "tr": "tr",
    "pl": "pl", "cs": "cs", "sk": "sk", "hu": "hu", "sl": "sl", "hr": "hr", "ro": "ro",
    "ja": "ja", "zh-Hans": "zh_CN", "zh-Hant": "zh_TW", "ko": "ko", "th": "th", "vi": "vi",
    "fr": "fr", "de": "de", "es": "es", "pt": "pt", "it": "it", "ca": "ca", "nl": "nl",
    "da": "da", "sv": "sv", "nb": "nb", "fi": "fi", "is": "is", "ga": "ga",
    "et": "et", "lt": "lt", "lv": "lv", "eo": "eo", "mt": "mt",
}
CJK = {"ja", "zh-Hans", "zh-Hant", "ko"}
QUANT = 4.0  # steps per nat


def is_training_domain(mo_path):
    """The split: by domain (file name), so a program's messages are all on one side."""
    domain = os.path.basename(mo_path)
    return int(hashlib.sha256(domain.encode()).hexdigest(), 16) % 2 == 0


def read_mo(path):
    data = open(path, "rb").read()
    if len(data) < 28:
        return []
    magic = struct.unpack("<I", data[:4])[0]
    e = "<" if magic == 0x950412DE else ">" if magic == 0xDE120495 else None
    if e is None:
        return []
    _, n, o_off, t_off = struct.unpack(e + "4I", data[4:20])
    charset, out = "utf-8", []
    for i in range(n):
        ol, oo = struct.unpack(e + "2I", data[o_off + 8 * i:o_off + 8 * i + 8])
        tl, to = struct.unpack(e + "2I", data[t_off + 8 * i:t_off + 8 * i + 8])
        mid, mstr = data[oo:oo + ol], data[to:to + tl]
        if mid == b"":
            for line in mstr.decode("ascii", "replace").split("\n"):
                if line.lower().startswith("content-type:") and "charset=" in line:
                    charset = line.split("charset=")[1].strip() or "utf-8"
            continue
        out.append(mstr)
    texts = []
    for m in out:
        for s in m.split(b"\x00"):
            try:
                texts.append(s.decode(charset))
            except (UnicodeDecodeError, LookupError):
                pass
    return texts


def char_class(ch):
    o = ord(ch)
    if o < 0x80:
        return 0 if ch.isalpha() else 1
    cat = unicodedata.category(ch)
    return 2 if cat[0] in "LM" else 3


def cp1258_form(s):
    out = []
    for ch in s:
        try:
            ch.encode("cp1258")
            out.append(ch)
            continue
        except UnicodeEncodeError:
            pass
        d = unicodedata.normalize("NFD", ch)
        k = len(d)
        while k > 0:
            try:
                unicodedata.normalize("NFC", d[:k]).encode("cp1258")
                break
            except UnicodeEncodeError:
                k -= 1
        out.append(unicodedata.normalize("NFC", d[:k]) + d[k:] if k > 0 else ch)
    return "".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--locale-dir", default="/usr/share/locale")
    ap.add_argument("--out", default=OUT)
    args = ap.parse_args()
    blocks = []
    languages = []  # (code, class transition counts, letter pair costs, costs, characters)
    report = []
    symbols = collections.Counter()  # pooled distribution of non-ASCII non-letters
    for code, directory in LANGUAGES.items():
        files = sorted(glob.glob(os.path.join(args.locale_dir, directory, "LC_MESSAGES", "*.mo")))
        train = [f for f in files if is_training_domain(f)]
        seen = set()
        counts = collections.Counter()
        trans = [[0] * 4 for _ in range(4)]
        pairs = collections.Counter()  # (context 0…26, letter 0…25): ASCII letter after ASCII
        for f in train:
            for s in read_mo(f):
                s = " ".join(s.split())
                if len(s) < 2 or s in seen:
                    continue
                seen.add(s)
                variants = [unicodedata.normalize("NFC", s)]
                if code == "vi":
                    variants.append(cp1258_form(variants[0]))
                for v in variants:
                    v = v + "\n"
                    counts.update(v)
                    prev = 1
                    before = "\n"
                    for ch in v:
                        c = char_class(ch)
                        trans[prev][c] += 1
                        prev = c
                        if c == 0 and before.isascii():
                            lower = before.lower()
                            pairs[(ord(lower) - 0x61 if "a" <= lower <= "z" else 26, ord(ch.lower()) - 0x61)] += 1
                        before = ch
        total = sum(counts.values())
        # Only non-ASCII characters are ever scored, and the transition table already
        # charges for the class (letter or other), so each character's cost is
        # -log P(character | its class) over the non-ASCII characters of that class.
        class_total = collections.Counter()
        for ch, n in counts.items():
            if ord(ch) >= 0x80:
                class_total[char_class(ch)] += n
        limit = 4000 if code in CJK else 400
        top = [(ch, n) for ch, n in counts.most_common() if n >= 2 and ord(ch) >= 0x80][:limit]
        chars = "".join(ch for ch, _ in top)
        q = "".join(chr(0x30 + min(79, int(round(-math.log(n / class_total[char_class(ch)]) * QUANT)))) for ch, n in top)
        # ASCII letters (case folded): -log P(letter | the ASCII character before it), for
        # language identification of mostly-ASCII text (Lithuanian with two accented letters
        # in a page). Half a count of smoothing; capped below DEL (the string's offset 0x30).
        tstr = ""
        for context in range(27):
            row = sum(pairs[(context, k)] for k in range(26)) + 13
            tstr += "".join(chr(0x30 + min(74, int(round(-math.log((pairs[(context, k)] + 0.5) / row) * QUANT)))) for k in range(26))
        for ch, n in counts.items():
            if ord(ch) >= 0x80 and char_class(ch) == 3:
                symbols[ch] += n / class_total[3]
        report.append(f"{code}: {len(train)}/{len(files)} catalogues, {total} chars, {len(top)} kept")
        # Raw string literals (##"…"##): only non-printable characters need an escape.
        esc = "".join(c if c.isprintable() or c == " " else "\\##u{%X}" % ord(c) for c in chars)
        languages.append((code, trans, tstr, q, esc))
    # Between two ASCII characters, a language's own table says only how often the next
    # character is ASCII at all (accents are what a code page changes); whether it is a
    # letter or other ASCII is the pooled average of the languages' splits: spacing, digits
    # and punctuation are the style of the translated messages, not of the language, and
    # the letter pairs carry the language.
    split = [[0.0, 0.0], [0.0, 0.0]]
    for _, trans, _, _, _ in languages:
        for a in range(2):
            ascii_total = trans[a][0] + trans[a][1] + 2
            for b in range(2):
                split[a][b] += (trans[a][b] + 1) / ascii_total / len(languages)
    for code, trans, pair_costs, q, esc in languages:
        tq = []
        for a in range(4):
            row = sum(trans[a]) + 4
            costs = [-math.log((trans[a][b] + 1) / row) for b in range(4)]
            if a < 2:
                to_ascii = -math.log((trans[a][0] + trans[a][1] + 2) / row)
                costs[0:2] = [to_ascii - math.log(split[a][b]) for b in range(2)]
            tq.append([min(79, int(round(c * QUANT))) for c in costs])
        tstr = "".join(chr(0x30 + v) for r in tq for v in r) + pair_costs
        blocks.append(f'        ("{code}", ##"{tstr}"##, ##"{q}"##,\n         ##"{esc}"##),')
    # Symbols and punctuation (class P) are shared by every language: "*" holds their pooled
    # distribution (the average of the languages' own), which the detector uses for all.
    pooled = sum(symbols.values())
    top = [(ch, n) for ch, n in symbols.most_common(400)]
    chars = "".join(ch for ch, _ in top)
    q = "".join(chr(0x30 + min(79, int(round(-math.log(n / pooled) * QUANT)))) for _, n in top)
    esc = "".join(c if c.isprintable() or c == " " else "\\##u{%X}" % ord(c) for c in chars)
    blocks.append(f'        ("*", ##"{"0" * (16 + 27 * 26)}"##, ##"{q}"##,\n         ##"{esc}"##),')
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write("// Generated by Scripts/build-encoding-models.py from the training half of the gettext\n")
        fh.write("// catalogues in /usr/share/locale (split by domain). Do not edit.\n")
        fh.write("// Each entry: language, 4x4 class-transition costs, per-character costs (1/4 nat steps,\n")
        fh.write("// offset 0x30), characters by descending frequency.\n\n")
        fh.write("extension DetectionLanguageProfiles {\n    static let data: [(String, String, String, String)] = [\n")
        fh.write("\n".join(blocks))
        fh.write("\n    ]\n}\n")
    print("\n".join(report))


if __name__ == "__main__":
    main()
