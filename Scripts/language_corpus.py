#!/usr/bin/env python3
"""Text for ICUKit's language recognizer: translated application messages (gettext .mo
catalogues under /usr/share/locale), split into a training part and a held-out part.

Shared by Scripts/build-language-models.py (training side only) and
Scripts/evaluate-language-recognition.py (held-out side only). See Scripts/LANGUAGE-DATA.md.

The split is by catalogue *domain* (the translated program): a domain whose
sha256("lang:" + name) is 0 mod 5 is HELD OUT for every language, so one program's
messages are never on both sides. Held-out messages that also occur verbatim in a training
catalogue (shared library strings) are dropped from the held-out side.

No help manuals or manual pages are read: only LC_MESSAGES/*.mo (program messages).
"""
import collections
import glob
import hashlib
import os
import re
import struct
import unicodedata

LOCALE_DIR = "/usr/share/locale"

# gettext directory -> BCP 47 code, where it is not just the directory name.
SPECIAL = {
    "zh_CN": "zh-Hans", "zh_SG": "zh-Hans", "zh_Hans": "zh-Hans",
    "zh_TW": "zh-Hant", "zh_HK": "zh-Hant", "zh_Hant": "zh-Hant",
    "sr@latin": "sr-Latn", "sr@Latn": "sr-Latn", "uz@cyrillic": "uz-Cyrl",
    "ca@valencia": "ca", "nb_NO": "nb", "no": "nb", "kmr": "ku",
    "pt_BR": "pt", "pt_PT": "pt", "bn_IN": "bn", "bn_BD": "bn", "de_CH": "de",
    "ro_MD": "ro", "kw_GB": "kw", "hye": "hy", "fil": "tl", "pa_PK": "pa-Arab", "az_IR": "az-Arab",
}
# Not languages of today's text, constructed auxiliary languages, or transliteration
# variants that would teach the model a second spelling of the same language.
SKIP = {"ang", "pi", "ia", "io", "ie", "en", "en_GB", "en_CA", "en_AU", "en_NZ", "en_US",
        "en@quot", "en@boldquot", "en@shaw", "be@latin", "tt@iqtelif", "sr@ije", "mo",
        "pa-Arab", "az-Arab", "gez", "jam", "nah", "rom", "ain", "frp", "tig", "byn", "wal",
        "son", "na", "ch", "bi", "kl", "ay", "ak", "ace", "ee", "ff", "iu", "ki", "ba", "ha",
        "mhr", "kv", "pap", "chr", "nv", "haw", "ht", "bar", "qu", "sd", "ce", "dv", "gn",
        "lo", "fy", "cmn", "mjw", "kg", "sat", "ve", "jv", "so", "sw", "ti", "kok", "gv", "kw", "ach", "wo", "tzm", "csb", "cv", "ab", "mg", "li", "nds"}

PRINTF = re.compile(r"%(\d+\$)?[-+ #0']*(\d+|\*)?(\.(\d+|\*))?(hh|h|ll|l|L|q|j|z|t|I64|I32)?[diouxXeEfFgGaAcspnm%]|%\([A-Za-z_]+\)[sd]|%[A-Z_]+%")
MARKUP = re.compile(r"<[^<>]{0,200}>|&[a-zA-Z]+;|&#\d+;|\{[^{}]{0,40}\}|\$\{?[A-Za-z_]+\}?|\b[a-z]+://\S+|\S+@\S+\.\w+|\\[nt]")


def code_for(directory):
    if directory in SPECIAL:
        return SPECIAL[directory]
    if "@" in directory:
        return None
    return directory.split("_")[0]


def read_mo_pairs(path):
    data = open(path, "rb").read()
    if len(data) < 28:
        return []
    magic = struct.unpack("<I", data[:4])[0]
    e = "<" if magic == 0x950412DE else ">" if magic == 0xDE120495 else None
    if e is None:
        return []
    _, n, o_off, t_off = struct.unpack(e + "4I", data[4:20])
    charset, pairs = "utf-8", []
    for i in range(n):
        ol, oo = struct.unpack(e + "2I", data[o_off + 8 * i:o_off + 8 * i + 8])
        tl, to = struct.unpack(e + "2I", data[t_off + 8 * i:t_off + 8 * i + 8])
        mid, mstr = data[oo:oo + ol], data[to:to + tl]
        if mid == b"":
            for line in mstr.decode("ascii", "replace").split("\n"):
                if line.lower().startswith("content-type:") and "charset=" in line:
                    charset = line.split("charset=")[1].strip() or "utf-8"
            continue
        pairs.append((mid, mstr))
    out = []
    for mid, mstr in pairs:
        try:
            ids = mid.split(b"\x04")[-1].decode("utf-8").split("\x00")
            strs = mstr.decode(charset).split("\x00")
        except (UnicodeDecodeError, LookupError):
            continue
        out.append((ids, strs))
    return out


def clean(s):
    s = PRINTF.sub(" ", s)
    s = MARKUP.sub(" ", s)
    s = s.replace("_", "").replace("&", "")
    s = " ".join(s.split())
    return unicodedata.normalize("NFC", s)


def is_held_out(path):
    domain = os.path.basename(path)
    return int(hashlib.sha256(("lang:" + domain).encode()).hexdigest(), 16) % 5 == 0


def letters(s):
    return sum(1 for c in s if unicodedata.category(c)[0] in "LM")


def collect(locale_dir=LOCALE_DIR, side="train"):
    """{code: [message, ...]} for side 'train' or 'heldout' (deduplicated, cleaned)."""
    texts = collections.defaultdict(list)
    seen = collections.defaultdict(set)
    train_seen = collections.defaultdict(set)
    english_done = set()
    for d in sorted(os.listdir(locale_dir)):
        files = sorted(glob.glob(os.path.join(locale_dir, d, "LC_MESSAGES", "*.mo")))
        if not files:
            continue
        code = code_for(d)
        for f in files:
            held = is_held_out(f)
            domain = os.path.basename(f)
            for ids, strs in read_mo_pairs(f):
                # English: the source strings, once per domain.
                if domain not in english_done:
                    for m in ids:
                        c = clean(m)
                        if letters(c) >= 1:
                            if held:
                                if c not in seen["en"]:
                                    seen["en"].add(c)
                                    if side == "heldout":
                                        texts["en"].append(c)
                            else:
                                train_seen["en"].add(c)
                                if side == "train" and c not in seen["en"]:
                                    seen["en"].add(c)
                                    texts["en"].append(c)
                if code is None or code in SKIP or d in SKIP:
                    continue
                source = {clean(m) for m in ids}
                for m in strs:
                    c = clean(m)
                    if letters(c) < 1 or c in source:
                        continue  # untranslated copies of the English source
                    if held:
                        if side == "heldout" and c not in seen[code]:
                            seen[code].add(c)
                            texts[code].append(c)
                    else:
                        train_seen[code].add(c)
                        if side == "train" and c not in seen[code]:
                            seen[code].add(c)
                            texts[code].append(c)
            english_done.add(domain)
    if side == "heldout":
        for code in texts:
            texts[code] = [t for t in texts[code] if t not in train_seen[code]]
    return dict(texts)
