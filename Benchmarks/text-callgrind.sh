#!/usr/bin/env bash
# Instruction counts of one warm normalization or case mapping of a 1 MiB corpus text,
# ICUKit beside raw ICU (RawNormalizer / RawCaseMapper: buffers reused, UTF-8 in and out),
# with valgrind's callgrind (repeatable whatever else the machine runs; wall-clock is not).
# Prints TSV: operation, script, millions of instructions per MiB of corpus text for ICUKit,
# raw ICU, and raw ICU plus making a `String` of its output (what a Swift caller must add:
# the standard library's UTF-8 validation and copy), and the two ratios.
# Takes a few minutes. Usage: ./text-callgrind.sh [OPERATION...]
#   OPERATION: nfc-of-nfc nfd-to-nfc nfc-to-nfd upper lower fold
# Environment: SCRIPTS (default: the scripts that matter for each operation).
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product TextInstructions >&2
bin="$(swift build -c release --show-bin-path)/TextInstructions"
# valgrind 3.19 (Debian 12) gives up on this toolchain's debug info ("Possibly corrupted
# debuginfo file"): measure a copy without it (the symbols stay, so --toggle-collect works).
stripped="$(mktemp)"
trap 'rm -f "$stripped"' EXIT
objcopy --strip-debug "$bin" "$stripped"
chmod +x "$stripped"
bin="$stripped"
operations="${*:-nfc-of-nfc nfd-to-nfc nfc-to-nfd upper lower fold}"
count() {
  valgrind --tool=callgrind --toggle-collect='*measuredTransform*' --callgrind-out-file=/dev/null \
    "$bin" "$@" 2>&1 | sed -n 's/.*Collected : //p'
}
printf 'operation\tscript\tICUKit\traw\traw+String\traw/ICUKit\traw+String/ICUKit\n'
for operation in $operations; do
  case "$operation" in
    nfc-of-nfc) scripts="English Russian Arabic Hindi Chinese Japanese" ;;
    nfd-to-nfc|nfc-to-nfd) scripts="Russian Arabic Hindi Japanese" ;;
    *) scripts="English Russian Arabic Hindi" ;;
  esac
  for script in ${SCRIPTS:-$scripts}; do
    icukit=$(count "$operation" "$script" icukit)
    raw=$(count "$operation" "$script" raw)
    rawstring=$(count "$operation" "$script" rawstring)
    awk -v o="$operation" -v s="$script" -v i="$icukit" -v r="$raw" -v rs="$rawstring" \
      'BEGIN { m = 1048576; printf "%s\t%s\t%.1f\t%.1f\t%.1f\t%.2fx\t%.2fx\n", o, s, i / m, r / m, rs / m, r / i, rs / i }'
  done
done
