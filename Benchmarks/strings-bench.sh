#!/usr/bin/env bash
# An app's strings served (issue 34): a generated 5,000-key, 10-language catalog loaded,
# then 1M warm lookups on one core, ICUKit beside Foundation's .strings lookup on Linux
# (StringsTiming, release build) and Python's gettext on the same strings as .mo files
# (strings_gettext_peer.py; needs msgfmt). Prints `ROW PEER MICROSECONDS` lines and the
# ratios to ICUKit.
#   Benchmarks/strings-bench.sh [LOOKUPS]      (default 1,000,000)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
lookups="${1:-1000000}"
swift build -c release --product StringsTiming >/dev/null
folder="$(mktemp -d)"
trap 'rm -rf "$folder"' EXIT
results="$folder/results.txt"
"$(swift build -c release --show-bin-path)/StringsTiming" "$folder/data" "$lookups" | tee "$results"
python3 strings_gettext_peer.py "$folder/data" "$lookups" | tee -a "$results"
awk '$2 == "ICUKit" { icu[$1] = $3 } $2 != "ICUKit" { peer[$1 " " $2] = $3 }
     END { for (k in peer) { split(k, p, " "); if (icu[p[1]] > 0) printf "%s: %s / ICUKit = %.1fx\n", p[1], p[2], peer[k] / icu[p[1]] } }' "$results" | sort
