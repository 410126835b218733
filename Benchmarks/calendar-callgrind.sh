#!/usr/bin/env bash
# Instruction counts of warm conversions of dates to calendar fields, with valgrind's callgrind:
# ICUKit (the corrected reckoning and ICU's own, `--engine icu`) beside raw ICU (the six fields
# of a conversion; raw-all: the 16 fields ICUKit reads) and Foundation on Linux, one calendar
# reused. Prints TSV: calendar, mode, instructions, instructions per date.
# Usage: ./calendar-callgrind.sh [CALENDAR…]   (default: chinese dangi hebrew japanese islamic-umalqura)
# Environment: DATES, how many random dates 1900–2100 (seed 16; 20000), and MODES (icukit
# icukit-icu raw raw-all foundation).
set -euo pipefail
cd "$(dirname "$0")"
calendars=("$@")
[ ${#calendars[@]} -eq 0 ] && calendars=(chinese dangi hebrew japanese islamic-umalqura)
dates="${DATES:-20000}"
read -r -a modes <<< "${MODES:-icukit icukit-icu raw raw-all foundation}"
swift build -c release --product CalendarInstructions >&2
bin="$(swift build -c release --show-bin-path)/CalendarInstructions"
# valgrind 3.19 (Debian 12) gives up on this toolchain's debug info ("Possibly corrupted
# debuginfo file"): measure a copy without it (the symbols stay, so --toggle-collect works).
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
objcopy --strip-debug "$bin" "$work/CalendarInstructions"
chmod +x "$work/CalendarInstructions"
bin="$work/CalendarInstructions"
# Dates drawn as cli-bench.sh draws its calendar rows' (uniform over 1900-01-01..2100-12-30,
# seed 16; that script draws words first, so the two lists differ).
python3 - "$dates" > "$work/dates.txt" <<'PY'
import datetime, random, sys
rng = random.Random(16)
start, end = datetime.date(1900, 1, 1).toordinal(), datetime.date(2100, 12, 31).toordinal()
print("\n".join(datetime.date.fromordinal(start + rng.randrange(end - start)).isoformat() for _ in range(int(sys.argv[1]))))
PY
printf 'calendar\tmode\tinstructions\tper_date\n'
for calendar in "${calendars[@]}"; do
  for mode in "${modes[@]}"; do
    ir=$(valgrind --tool=callgrind --toggle-collect='*measuredPass*' --callgrind-out-file=/dev/null \
      "$bin" "$mode" "$calendar" "$work/dates.txt" 2>&1 | sed -n 's/.*Collected : //p')
    printf '%s\t%s\t%s\t%s\n' "$calendar" "$mode" "$ir" "$(awk "BEGIN{printf \"%.0f\", $ir/$dates}")"
  done
done
