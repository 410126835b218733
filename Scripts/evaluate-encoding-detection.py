#!/usr/bin/env python3
"""Accuracy of ICUKit's EncodingDetector against ICU's ucsdet and PyPI detectors.

Data sets:
  dev      /work/shared/data/encoding/dev (77 real labelled files, uchardet's test data)
  held-out samples made by gen_detect_corpus.py from the gettext catalogues that
           Scripts/build-encoding-models.py did NOT train on (same split by domain),
           so the language models are evaluated on text they never saw
  last     the same held-out catalogues in the encodings the generator leaves out (Johab,
           EUC-TW, Romanian windows-1250 / ISO-8859-16, Baltic ISO-8859-13 / windows-1257,
           Croatian) at 100, 200 and 300 bytes and 1 KiB, the lengths where they are hard
  full     (--full) gen_detect_corpus.py on every catalogue (half of it is training text)

Scoring (as the data README asks): a guess is right when it decodes the bytes to the same
text as the label ("decodes to the same text"); strict label match is reported too.
Decoding uses Python's codecs where they know the name, else ICU's `uconv`.
Browser (WHATWG) label semantics: a guessed label that the WHATWG Encoding Standard knows is
read as a browser reads it (ISO-8859-1 and US-ASCII as windows-1252, EUC-KR as windows-949,
GB2312/GBK as GB18030, TIS-620 as windows-874, ISO-8859-9 as windows-1254, Big5 as
Big5-HKSCS); other labels (Johab, EUC-TW, VISCII, IBM852…) are read as themselves.
A leading U+FEFF is ignored on both sides (a UTF-8 BOM is reported by ICUKit as bom:true).

usage: python3 Scripts/evaluate-encoding-detection.py [--icukit PATH] [--full] [--per-legacy N]
                                                     [--sets dev,heldout,last] [--failures]
Prints markdown tables; BENCHMARKS.md quotes them.
"""
import argparse
import codecs
import collections
import csv
import ctypes
import glob
import hashlib
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = "/work/shared/data/encoding"
sys.path.insert(0, os.path.join(ROOT, "Scripts"))

ALIASES = {"ibm-852": "cp852", "ibm-855": "cp855", "ibm-737": "cp737", "ibm-862": "cp862", "windows-737": "cp737",
           "x-mac-cyrillic": "mac_cyrillic", "x-mac-centraleurroman": "mac_latin2", "macintosh": "mac_roman",
           "windows-874": "cp874", "windows-949": "cp949", "gb18030": "gb18030", "hz-gb-2312": "hz",
           "ibm866": "cp866", "ibm852": "cp852", "ibm855": "cp855", "ibm862": "cp862", "uhc": "cp949",
           "maccentraleurope": "mac_latin2", "iso-8859-16": "iso8859_16", "tis-620": "tis_620",
           "ascii": "ascii", "utf-16": "utf_16", "utf-32": "utf_32", "shift_jis": "shift_jis", "big5": "big5"}


def py_codec(name):
    if name is None:
        return None
    key = name.lower()
    if key in ALIASES:
        return ALIASES[key]
    try:
        return codecs.lookup(key).name
    except LookupError:
        return None


# WHATWG Encoding Standard: labels a browser reads as another encoding (the Python codec).
WHATWG = {"iso-8859-1": "cp1252", "latin1": "cp1252", "l1": "cp1252", "us-ascii": "cp1252", "ascii": "cp1252",
          "windows-1252": "cp1252", "iso-8859-9": "cp1254", "latin5": "cp1254", "windows-1254": "cp1254",
          "iso-8859-11": "cp874", "tis-620": "cp874", "windows-874": "cp874",
          "euc-kr": "cp949", "ks_c_5601-1987": "cp949", "windows-949": "cp949", "uhc": "cp949",
          "gb2312": "gb18030", "gbk": "gb18030", "gb18030": "gb18030", "x-gbk": "gb18030",
          "big5": "big5hkscs", "big5-hkscs": "big5hkscs", "shift_jis": "cp932", "windows-31j": "cp932",
          "sjis": "cp932", "utf-16": "utf_16_le", "iso-8859-8-i": "iso8859_8", "koi8-ru": "koi8_u"}


def browser_decode(data, name):
    """Text of data as a browser reads label name (else as the label itself), or None.
    A byte order mark overrides the label, as in browsers."""
    utf32 = data.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE))  # no browser reads UTF-32: as labelled
    for bom, codec in ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_BE, "utf-16-be"), (codecs.BOM_UTF16_LE, "utf-16-le")):
        if name is not None and not utf32 and data.startswith(bom):
            try:
                return data[len(bom):].decode(codec)
            except UnicodeDecodeError:
                return None
    if name is not None and name.lower() in WHATWG:
        try:
            text = data.decode(WHATWG[name.lower()])
        except UnicodeDecodeError:
            return None
        return text[1:] if text.startswith("\ufeff") else text
    return decode(data, name)


def decode(data, name):
    """Text of data in encoding name, or None if it does not decode."""
    if name is None:
        return None
    codec = py_codec(name)
    try:
        if codec:
            text = data.decode(codec)
        else:
            p = subprocess.run(["uconv", "-f", name, "-t", "UTF-8", "--callback", "stop"], input=data, capture_output=True)
            if p.returncode != 0:
                return None
            text = p.stdout.decode("utf-8")
    except (UnicodeDecodeError, LookupError):
        return None
    return text[1:] if text.startswith("\ufeff") else text


# ---- detectors -------------------------------------------------------------------------

def icukit_detect(binary, paths):
    out = {}
    for i in range(0, len(paths), 200):
        batch = paths[i:i + 200]
        p = subprocess.run([binary, "detect", "--format", "json", "--top", "1"] + batch, capture_output=True, text=True)
        for line in p.stdout.splitlines():
            row = json.loads(line)
            out[row["file"]] = row["encoding"]
    return out


class UCSDet:
    def __init__(self):
        lib = ctypes.CDLL("libicui18n.so.72")
        self.open = lib.ucsdet_open_72
        self.open.restype = ctypes.c_void_p
        self.set_text = lib.ucsdet_setText_72
        self.set_text.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int32, ctypes.POINTER(ctypes.c_int)]
        self.detect_ = lib.ucsdet_detect_72
        self.detect_.restype = ctypes.c_void_p
        self.detect_.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int)]
        self.get_name = lib.ucsdet_getName_72
        self.get_name.restype = ctypes.c_char_p
        self.get_name.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int)]
        err = ctypes.c_int(0)
        self.handle = self.open(ctypes.byref(err))

    def __call__(self, data):
        err = ctypes.c_int(0)
        buf = ctypes.create_string_buffer(data, len(data))
        self.set_text(self.handle, buf, len(data), ctypes.byref(err))
        m = self.detect_(self.handle, ctypes.byref(err))
        if not m:
            return None
        return self.get_name(m, ctypes.byref(err)).decode()


def uchardet_cli(datas, paths):
    """uchardet's own command (Debian package uchardet), all files in one process."""
    p = subprocess.run(["uchardet"] + paths, capture_output=True, text=True)
    out = {}
    for line in p.stdout.splitlines():
        path, _, guess = line.rpartition(": ")
        out[path] = None if guess in ("unknown", "") else guess
    return out


def pypi_detectors():
    found = {}
    if importlib.util.find_spec("cchardet"):
        import cchardet
        found["cchardet"] = lambda d: cchardet.detect(d)["encoding"]
    if importlib.util.find_spec("chardet"):
        import chardet
        found["chardet " + chardet.__version__] = lambda d: chardet.detect(d)["encoding"]
    if importlib.util.find_spec("charset_normalizer"):
        import charset_normalizer
        def cn(d):
            best = charset_normalizer.from_bytes(d).best()
            return best.encoding if best else None
        found["charset-normalizer"] = cn
    return found


# ---- data sets -------------------------------------------------------------------------

def dev_set():
    rows = []
    with open(os.path.join(DATA, "manifest.csv")) as fh:
        for r in csv.DictReader(fh):
            rows.append(dict(path=os.path.join(DATA, "dev", r["relpath"]), label=r["encoding"], group=r["family"], size="real"))
    return rows


# The encodings gen_detect_corpus.py leaves out, at the lengths where they are hard.
LAST_ENCODINGS = {"ko": ["johab"], "zh_TW": ["euc_tw"], "ro": ["cp1250", "iso8859_16"],
                  "lt": ["iso8859_13", "cp1257"], "lv": ["iso8859_13", "cp1257"],
                  "hr": ["cp1250", "iso8859_2", "iso8859_13"]}
LAST_FAMILIES = {"johab": "korean", "euc_tw": "zh-hant", "iso8859_16": "central-eu", "iso8859_13": "baltic",
                 "cp1257": "baltic"}


def register_euc_tw():
    """A Python codec `euc_tw` (Python has none) from ICU's EUC-TW table, read once through uconv."""
    lines = []
    cells = [bytes([a, b]) for a in range(0xA1, 0xFF) for b in range(0xA1, 0xFF)]
    cells += [bytes([0x8E, 0xA2, a, b]) for a in range(0xA1, 0xFF) for b in range(0xA1, 0xFF)]
    raw = b"".join(c + b"\n" for c in cells)
    p = subprocess.run(["uconv", "-f", "EUC-TW", "-t", "UTF-8", "--to-callback", "substitute"], input=raw, capture_output=True)
    lines = p.stdout.decode("utf-8").split("\n")
    enc, dec = {}, {}
    for cell, ch in zip(cells, lines):
        if len(ch) == 1 and ch not in "\ufffd\x1a":
            enc.setdefault(ch, cell)
            dec[cell] = ch

    def encode(text, errors="strict"):
        out = bytearray()
        for i, ch in enumerate(text):
            if ord(ch) < 0x80:
                out.append(ord(ch))
            elif ch in enc:
                out += enc[ch]
            else:
                raise UnicodeEncodeError("euc_tw", text, i, i + 1, "unmapped")
        return bytes(out), len(text)

    def decode_(data, errors="strict"):
        data, out, i = bytes(data), [], 0
        while i < len(data):
            if data[i] < 0x80:
                out.append(chr(data[i])); i += 1; continue
            n = 4 if data[i] == 0x8E else 2
            if data[i:i + n] not in dec:
                raise UnicodeDecodeError("euc_tw", data, i, i + n, "invalid")
            out.append(dec[data[i:i + n]]); i += n
        return "".join(out), len(data)

    info = codecs.CodecInfo(encode, decode_, name="euc_tw")
    codecs.register(lambda name: info if name in ("euc_tw", "euc-tw") else None)


def register_viscii():
    """A Python codec `viscii` (Python has none, nor does ICU 72) from ICUKit's own table."""
    source = open(os.path.join(ROOT, "Sources", "ICUKit", "Encoding", "ExtraCodePages+Data.swift")).read()
    body = source.split('("VISCII"', 1)[1].split("[", 2)[2].split("]", 1)[0]
    table = [int(v, 16) for v in body.replace(" ", "").split(",") if v]
    info = codecs.CodecInfo(lambda t, errors="strict": codecs.charmap_encode(t, errors, {v: i for i, v in enumerate(table)}),
                            lambda d, errors="strict": codecs.charmap_decode(d, errors, "".join(map(chr, table))), name="viscii")
    codecs.register(lambda name: info if name == "viscii" else None)


register_viscii()


def generated_set(out_dir, heldout_only, per_legacy, last=False):
    spec = importlib.util.spec_from_file_location("gen", os.path.join(DATA, "gen_detect_corpus.py"))
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    if last:
        register_euc_tw()
        gen.LEGACY = LAST_ENCODINGS
        gen.FAMILY.update(LAST_FAMILIES)
        gen.SIZES = [100, 200, 300, 1024]
        gen.UNICODE_VARIANTS = {}
    if heldout_only:
        models = importlib.util.spec_from_file_location("models", os.path.join(ROOT, "Scripts", "build-encoding-models.py"))
        m = importlib.util.module_from_spec(models)
        models.loader.exec_module(m)
        farm = os.path.join(out_dir, "locale")
        for mo in glob.glob("/usr/share/locale/*/LC_MESSAGES/*.mo"):
            if m.is_training_domain(mo):
                continue
            rel = os.path.relpath(mo, "/usr/share/locale")
            os.makedirs(os.path.dirname(os.path.join(farm, rel)), exist_ok=True)
            if not os.path.exists(os.path.join(farm, rel)):
                os.symlink(mo, os.path.join(farm, rel))
        gen.LOCALE_DIR = farm
    gen.owning_package = lambda path: ""
    sys.argv = ["gen", os.path.join(out_dir, "corpus"), "--per-legacy", str(per_legacy)]
    gen.main()
    rows = []
    with open(os.path.join(out_dir, "corpus", "manifest.csv")) as fh:
        for r in csv.DictReader(fh):
            rows.append(dict(path=os.path.join(out_dir, "corpus", r["path"]), label=r["encoding"].replace("_", "-") if last else r["encoding"],
                             group=r["family"] if last else "unicode" if r["family"] == "unicode" else "legacy", size=r["size"]))
    return rows


def evaluate(name, rows, detectors):
    results = collections.defaultdict(lambda: collections.Counter())
    failures = collections.defaultdict(list)
    datas = {r["path"]: open(r["path"], "rb").read() for r in rows}
    truth = {r["path"]: decode(datas[r["path"]], r["label"]) for r in rows}
    missing = [r["path"] for r in rows if truth[r["path"]] is None]
    assert not missing, f"labels that do not decode their files: {missing[:3]}"
    timings = {}
    for det_name, fn in detectors.items():
        t0 = time.time()
        guesses = fn([r["path"] for r in rows], datas)
        timings[det_name] = time.time() - t0
        for r in rows:
            g = guesses.get(r["path"])
            ok = g is not None and browser_decode(datas[r["path"]], g) == truth[r["path"]]
            strict = g is not None and py_codec(g) == py_codec(r["label"])
            for key in [("all",), ("size", r["size"]), ("group", r["group"])]:
                results[(det_name,) + key]["n"] += 1
                results[(det_name,) + key]["ok"] += ok
                results[(det_name,) + key]["strict"] += strict
            if not ok:
                failures[det_name].append((os.path.relpath(r["path"]), r["label"], g))
    return results, failures, timings


def table(title, rows, detectors, results, keys):
    print(f"\n### {title} ({len(rows)} files)\n")
    print("| detector | " + " | ".join(k[-1] for k in keys) + " |")
    print("|---|" + "---|" * len(keys))
    for d in detectors:
        cells = []
        for k in keys:
            c = results[(d,) + k]
            cells.append(f"{100 * c['ok'] / c['n']:.1f}% ({c['ok']}/{c['n']})" if c["n"] else "-")
        print(f"| {d} | " + " | ".join(cells) + " |")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--icukit", default=os.path.join(ROOT, ".build", "release", "icukit"))
    ap.add_argument("--full", action="store_true", help="also the corpus from every catalogue (half is training text)")
    ap.add_argument("--per-legacy", type=int, default=10)
    ap.add_argument("--failures", action="store_true", help="list ICUKit's misses")
    ap.add_argument("--only-icukit", action="store_true")
    ap.add_argument("--sets", default="dev,heldout,last", help="comma-separated: dev, heldout, last")
    args = ap.parse_args()
    chosen = args.sets.split(",")
    ucsdet = UCSDet()
    detectors = {"ICUKit": lambda paths, datas: icukit_detect(args.icukit, paths)}
    if not args.only_icukit:
        detectors["ICU ucsdet (raw)"] = lambda paths, datas: {p: ucsdet(datas[p]) for p in paths}
        if subprocess.run(["sh", "-c", "command -v uchardet"], capture_output=True).returncode == 0:
            detectors["uchardet"] = lambda paths, datas: uchardet_cli(datas, paths)
        for name, fn in pypi_detectors().items():
            detectors[name] = (lambda f: lambda paths, datas: {p: f(datas[p]) for p in paths})(fn)
    work = tempfile.mkdtemp(prefix="icukit-eval-")
    sets = []
    if "dev" in chosen:
        sets.append(("Real files (dev, uchardet test data)", dev_set()))
    if "heldout" in chosen:
        sets.append(("Generated, held-out catalogues", generated_set(os.path.join(work, "heldout"), True, args.per_legacy)))
    if "last" in chosen:
        sets.append(("Generated, held-out catalogues, last encodings",
                     generated_set(os.path.join(work, "last"), True, args.per_legacy, last=True)))
    if args.full:
        sets.append(("Generated, all catalogues", generated_set(os.path.join(work, "full"), False, args.per_legacy)))
    for title, rows in sets:
        results, failures, timings = evaluate(title, rows, detectors)
        keys = [("all",)]
        if rows[0]["size"] != "real":
            sizes = sorted({r["size"] for r in rows}, key=int)
            groups = sorted({r["group"] for r in rows})
            keys += [("size", s) for s in sizes] + [("group", g) for g in groups]
        table(title, rows, detectors, results, keys)
        if args.failures:
            for path, label, guess in failures["ICUKit"]:
                print(f"  miss: {path} label={label} guess={guess}")


if __name__ == "__main__":
    main()
