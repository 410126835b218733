#!/usr/bin/env bash
# Instruction counts of one warm bidi pass (runs, reordering) over 200 short UI strings and a
# 64 KiB mixed document, ICUKit beside raw ubidi (RawBidi: one UBiDi and buffers reused), with
# valgrind's callgrind (repeatable whatever else the machine runs; wall-clock is not).
# Prints TSV: operation, texts, ICUKit and raw instructions, ICUKit ÷ raw. Takes a minute.
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product BidiInstructions >&2
bin="$(swift build -c release --show-bin-path)/BidiInstructions"
# valgrind 3.19 (Debian 12) gives up on this toolchain's debug info: measure a copy without it.
stripped="$(mktemp)"
trap 'rm -f "$stripped"' EXIT
objcopy --strip-debug "$bin" "$stripped"
chmod +x "$stripped"
count() {
  valgrind --tool=callgrind --toggle-collect='*measuredPass*' --callgrind-out-file=/dev/null \
    "$stripped" "$@" 2>&1 | sed -n 's/.*Collected : //p'
}
# "runs (each)" is Bidi.forEachVisualRun, the same runs without a BidiParagraph.
printf 'operation\ttexts\tICUKit\traw\tICUKit/raw\n'
for job in "runs icukit" "runs each" "reorder icukit"; do
  # shellcheck disable=SC2086 # the job is words
  set -- $job
  for texts in ui200 doc64k; do
    icukit=$(count "$1" "$texts" "$2")
    raw=$(count "$1" "$texts" raw)
    name=$1; [ "$2" = each ] && name="runs (each)"
    printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$texts" "$icukit" "$raw" "$(awk "BEGIN{printf \"%.2f\", $icukit/$raw}")"
  done
done
