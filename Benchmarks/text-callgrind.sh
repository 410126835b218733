#!/usr/bin/env bash
# Instruction counts of one warm normalization or case mapping of a 1 MiB corpus text,
# ICUKit beside raw ICU (RawNormalizer / RawCaseMapper: buffers reused, UTF-8 in and out),
# with valgrind's callgrind (repeatable whatever else the machine runs; wall-clock is not).
# Prints TSV: operation, script, ICUKit and raw instructions per MiB of input (millions),
# raw / ICUKit. Takes a few minutes. Usage: ./text-callgrind.sh [OPERATION...]
#   OPERATION: nfc-of-nfc nfd-to-nfc nfc-to-nfd upper lower fold
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product TextInstructions >&2
bin="$(swift build -c release --show-bin-path)/TextInstructions"
operations="${*:-nfc-of-nfc nfd-to-nfc nfc-to-nfd upper lower fold}"
count() {
  valgrind --tool=callgrind --toggle-collect='*measuredTransform*' --callgrind-out-file=/dev/null \
    "$bin" "$@" 2>&1 | sed -n 's/.*Collected : //p'
}
printf 'operation\tscript\tICUKit_M_per_MiB\traw_M_per_MiB\traw/ICUKit\n'
for operation in $operations; do
  case "$operation" in
    nfc-of-nfc) scripts="English Russian Arabic Hindi Chinese Japanese" ;;
    nfd-to-nfc|nfc-to-nfd) scripts="Russian Arabic Hindi Japanese" ;;
    *) scripts="English Russian Arabic Hindi" ;;
  esac
  for script in $scripts; do
    icukit=$(count "$operation" "$script" icukit)
    raw=$(count "$operation" "$script" raw)
    awk -v o="$operation" -v s="$script" -v i="$icukit" -v r="$raw" \
      'BEGIN { printf "%s\t%s\t%.1f\t%.1f\t%.2fx\n", o, s, i / 1048576, r / 1048576, r / i }'
  done
done
