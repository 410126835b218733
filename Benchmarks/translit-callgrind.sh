#!/usr/bin/env bash
# Instruction counts of transliterating 200 short strings (≤ 40 characters) with a warm
# cache: ICUKit beside raw ICU (one reused UTransliterator, u_strFromUTF8 →
# utrans_transUChars → u_strToUTF8) and Foundation on Linux (`applyingTransform`), with
# valgrind's callgrind (repeatable whatever else the machine runs). Prints TSV: ID,
# thousands of instructions per string for each, raw/ICUKit and Foundation/ICUKit.
# Usage: ./translit-callgrind.sh [ID...]
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product TransliterationInstructions >&2
bin="$(swift build -c release --show-bin-path)/TransliterationInstructions"
# valgrind 3.19 (Debian 12) gives up on this toolchain's debug info ("Possibly corrupted
# debuginfo file"): measure a copy without it (the symbols stay, so --toggle-collect works).
stripped="$(mktemp)"
trap 'rm -f "$stripped"' EXIT
objcopy --strip-debug "$bin" "$stripped"
chmod +x "$stripped"
bin="$stripped"
if [ $# -eq 0 ]; then set -- "Cyrillic-Latin" "NFD; [:Nonspacing Mark:] Remove; NFC" "Han-Latin" "Any-Latin; Latin-ASCII"; fi
count() {
  valgrind --tool=callgrind --toggle-collect='*measuredPass*' --callgrind-out-file=/dev/null \
    "$bin" "$@" 2>&1 | sed -n 's/.*Collected : //p'
}
printf 'id\tICUKit\traw\tFoundation\traw/ICUKit\tFoundation/ICUKit\n'
for id in "$@"; do
  icukit=$(count "$id" icukit); raw=$(count "$id" raw); foundation=$(count "$id" foundation)
  awk -v d="$id" -v i="$icukit" -v r="$raw" -v f="$foundation" \
    'BEGIN { printf "%s\t%.1f\t%.1f\t%.1f\t%.2fx\t%.2fx\n", d, i / 200000, r / 200000, f / 200000, r / i, f / i }'
done
