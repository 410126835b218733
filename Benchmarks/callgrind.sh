#!/usr/bin/env bash
# Instruction counts of one warm segmentation walk per unit × script × path, with
# valgrind's callgrind (repeatable whatever else the machine runs; wall-clock is not).
# Prints TSV: unit, script, mode, instructions, instructions per input byte (per string
# for "short"). Takes about 10 minutes. Usage: ./callgrind.sh [UNIT...]
# Environment: SCRIPTS (default: all nine texts), MODES (default: every path; stdlib is
# measured for graphemes only).
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product SegmentationInstructions >&2
bin="$(swift build -c release --show-bin-path)/SegmentationInstructions"
# valgrind 3.19 (Debian 12) gives up on this toolchain's debug info ("Possibly corrupted
# debuginfo file"): measure a copy without it (the symbols stay, so --toggle-collect works).
stripped="$(mktemp)"
trap 'rm -f "$stripped"' EXIT
objcopy --strip-debug "$bin" "$stripped"
chmod +x "$stripped"
bin="$stripped"
units="${*:-grapheme word sentence line}"
printf 'unit\tscript\tmode\tinstructions\tper_byte\n'
for unit in $units; do
  for script in ${SCRIPTS:-English Russian Arabic Hindi Thai Chinese Japanese Emoji short}; do
    [ "$script" = short ] && [ "$unit" != word ] && continue
    modes="${MODES:-default utf8 utf16 rawutf8 rawutf16 stdlib}"
    [ "$unit" != grapheme ] && modes="${modes/stdlib/}"
    for mode in $modes; do
      ir=$(valgrind --tool=callgrind --toggle-collect='*measuredWalk*' --callgrind-out-file=/dev/null \
        "$bin" "$unit" "$script" "$mode" 2>&1 | sed -n 's/.*Collected : //p')
      size=$(( 1 << 20 )); [ "$script" = short ] && size=10000
      printf '%s\t%s\t%s\t%s\t%s\n' "$unit" "$script" "$mode" "$ir" "$(awk "BEGIN{printf \"%.1f\", $ir/$size}")"
    done
  done
done
