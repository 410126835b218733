#!/usr/bin/env bash
# Instruction counts of formatting and parsing 1,000 dates, ICUKit beside raw ICU, with
# valgrind's callgrind (repeatable whatever else the machine runs). Prints TSV:
# operation, mode, instructions, instructions per date. Usage: ./dates-callgrind.sh
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product DateFormatInstructions >&2
bin="$(swift build -c release --show-bin-path)/DateFormatInstructions"
# valgrind 3.19 (Debian 12) gives up on this toolchain's debug info ("Possibly corrupted
# debuginfo file"): measure a copy without it (the symbols stay, so --toggle-collect works).
stripped="$(mktemp)"
trap 'rm -f "$stripped"' EXIT
objcopy --strip-debug "$bin" "$stripped"
chmod +x "$stripped"
bin="$stripped"
printf 'operation\tmode\tinstructions\tper_date\n'
for operation in format parse; do
  for mode in raw icukit; do
    ir=$(valgrind --tool=callgrind --toggle-collect='*measuredPass*' --callgrind-out-file=/dev/null \
      "$bin" "$mode" "$operation" 2>&1 | sed -n 's/.*Collected : //p')
    printf '%s\t%s\t%s\t%s\n' "$operation" "$mode" "$ir" "$(awk "BEGIN{printf \"%.0f\", $ir/1000}")"
  done
done
