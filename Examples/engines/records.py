#!/usr/bin/env python3
"""Writes N JSON Lines records (one JSON string per line) of real prose in eight scripts
(English, Russian, Arabic, Hindi, Thai, Chinese, Japanese, emoji), the sentences of
Benchmarks/Sources/SegmentationCorpus/Corpus.swift taken in turn, one in five in NFD so
that normalization has work to do. Deterministic. Usage: records.py N > records.jsonl"""
import json, re, sys, unicodedata
from pathlib import Path

root = Path(__file__).resolve().parent.parent.parent
source = (root / "Benchmarks/Sources/SegmentationCorpus/Corpus.swift").read_text()
sentences = []
for script in ["english", "russian", "arabic", "hindi", "thai", "chinese", "japanese", "emoji"]:
    match = re.search(r"static let " + script + r": \[\[String\]\] = \[(.*?)\n    \]\n", source, re.S)
    if not match:
        sys.exit(f"records.py: no {script} corpus in Corpus.swift")
    sentences.append([s for block in re.findall(r"\[(.*?)\]", match.group(1), re.S) for s in re.findall(r'#"(.*?)"#', block)])
count = int(sys.argv[1])
out = sys.stdout
for i in range(count):
    pool = sentences[i % len(sentences)]
    text = pool[(i // len(sentences)) % len(pool)]
    if i % 5 == 4:
        text = unicodedata.normalize("NFD", text)
    out.write(json.dumps(text, ensure_ascii=False) + "\n")
