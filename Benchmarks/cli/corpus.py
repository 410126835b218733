#!/usr/bin/env python3
"""Writes the segmentation corpus of one script (the real prose of
Benchmarks/Sources/SegmentationCorpus/Corpus.swift, read from that file) repeated to SIZE
bytes, cut at a character boundary. Usage: corpus.py SCRIPT SIZE > file"""
import re, sys
from pathlib import Path

source = (Path(__file__).resolve().parent.parent / "Sources/SegmentationCorpus/Corpus.swift").read_text()
script, size = sys.argv[1].lower(), int(sys.argv[2])
match = re.search(r"static let " + script + r": \[\[String\]\] = \[(.*?)\n    \]\n", source, re.S)
if not match:
    sys.exit(f"unknown script {script}")
separator = "" if script in ("chinese", "japanese") else " "
paragraphs = [re.findall(r'#"(.*?)"#', block) for block in re.findall(r"\[(.*?)\]", match.group(1), re.S)]
block = ("\n".join(separator.join(p) for p in paragraphs if p) + "\n").encode()
data = (block * (size // len(block) + 1))[:size]
data = data.decode("utf-8", "ignore").encode()  # a character cut at the end is dropped
sys.stdout.buffer.write(data)
