#!/usr/bin/env bash
# Whole-process throughput of `icukit language --jsonl` on every held-out program message
# (Scripts/language_corpus.py, side "heldout"; one JSON string a line), in CPU time, and
# pycld2 in-process on the same strings for comparison (skipped if pycld2 is missing).
#
#   swift build -c release --product icukit && bash Scripts/language-throughput.sh [ICUKIT]
#
# Prints bytes, texts, user+sys CPU seconds and MB/s (10^6 bytes per CPU second). CPU time,
# not wall time: the figure holds on a loaded machine.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-.build/release/icukit}
DATA=${LANGUAGE_THROUGHPUT_DATA:-/tmp/icukit-language-heldout.jsonl}
if [ ! -s "$DATA" ]; then
  python3 - "$DATA" <<'PY'
import json, sys
sys.path.insert(0, "Scripts")
import language_corpus
texts = language_corpus.collect(side="heldout")
with open(sys.argv[1], "w", encoding="utf-8") as f:
    for code in sorted(texts):
        for t in texts[code]:
            f.write(json.dumps(t, ensure_ascii=False) + "\n")
PY
fi
# MB/s are of text (the decoded strings' UTF-8), the unit pycld2 is measured in below.
BYTES=$(python3 -c 'import json, sys; print(sum(len(json.loads(l).encode()) for l in open(sys.argv[1], encoding="utf-8")))' "$DATA")
LINES=$(wc -l < "$DATA")
for run in 1 2 3; do
  /usr/bin/time -f "%U %S %M" -o /tmp/icukit-language-time.$$ "$BIN" language --jsonl --format json --top 1 "$DATA" > /dev/null
  read -r USER SYS RSS < /tmp/icukit-language-time.$$
  python3 -c "import sys; u,s,b,n,r=map(float,sys.argv[1:]); print(f'icukit run $run: {int(n)} texts, {int(b)} bytes of text, {u:.2f} s user + {s:.2f} s sys, {b/1e6/(u+s):.1f} MB/s of CPU, peak RSS {r/1024:.0f} MB')" "$USER" "$SYS" "$BYTES" "$LINES" "$RSS"
done
rm -f /tmp/icukit-language-time.$$
# pycld2 twice: as it runs by default, and with glibc's malloc told to keep freed memory
# (on this kernel CLD2's per-call buffers otherwise cost an mmap/munmap or brk pair each,
# most of its CPU time in the kernel).
for TUNABLES in "" "glibc.malloc.mmap_threshold=67108864:glibc.malloc.trim_threshold=134217728"; do
GLIBC_TUNABLES=$TUNABLES python3 - "$DATA" "$TUNABLES" <<'PY' || true
import json, sys, time
try:
    import pycld2
except ImportError:
    sys.exit("pycld2 not installed (pip install pycld2): peer skipped")
texts = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
size = sum(len(t.encode()) for t in texts)
start = time.process_time()
for t in texts:
    try:
        pycld2.detect(t)
    except pycld2.error:
        pass
cpu = time.process_time() - start
label = " (malloc keeps memory)" if sys.argv[2] else ""
print(f"pycld2 in-process{label}: {len(texts)} texts, {size} bytes of text, {cpu:.2f} s CPU, {size/1e6/cpu:.1f} MB/s")
PY
done
