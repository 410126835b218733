#!/usr/bin/env python3
"""cld2.py FILE: what `icukit language --jsonl --format text` does, with CLD2 (pycld2) as the
recognizer: read JSON Lines (one JSON string a line), detect each, print its language code.
The peer of Benchmarks/cli-bench.sh's language job (a whole process, start-up included)."""
import json
import sys

import pycld2

out = []
with open(sys.argv[1], encoding="utf-8") as lines:
    for line in lines:
        try:
            code = pycld2.detect(json.loads(line))[2][0][1]
        except pycld2.error:
            code = "un"
        out.append(code)
sys.stdout.write("\n".join(out) + "\n")
