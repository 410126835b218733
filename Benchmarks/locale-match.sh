#!/usr/bin/env bash
# One locale match among 100 available locales: ICUKit's LocaleMatcher (LocaleMatchTiming,
# release build) beside ICU's own C++ icu::LocaleMatcher (LocaleMatchPeer, g++ -O2), on the
# same workload (LocaleMatchPeer/workload.txt). Prints microseconds per operation; with
# `callgrind`, instructions per operation instead (valgrind; noise-free on a shared machine).
#   Benchmarks/locale-match.sh [callgrind]      (environment: N, the builds and matches counted; 1000)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
swift build -c release --product LocaleMatchTiming >/dev/null
mkdir -p .build
# shellcheck disable=SC2046 # pkg-config's flags are words
g++ -O2 -std=c++17 LocaleMatchPeer/locale_match_peer.cpp -o .build/locale_match_peer \
    $(pkg-config --cflags --libs icu-i18n icu-uc)
swift_bin="$(swift build -c release --show-bin-path)/LocaleMatchTiming"
# valgrind 3.19 (Debian 12) gives up on this toolchain's debug info ("Possibly corrupted
# debuginfo file"): measure a copy without it (same code, same instructions).
stripped="$(mktemp)"
trap 'rm -f "$stripped"' EXIT
objcopy --strip-debug "$swift_bin" "$stripped"
chmod +x "$stripped"
swift_bin="$stripped"
peer_bin=.build/locale_match_peer
workload=LocaleMatchPeer/workload.txt
if [[ "${1:-}" != callgrind ]]; then
    "$swift_bin" "$workload"
    "$peer_bin" "$workload"
    exit 0
fi
n=${N:-1000}
ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'; }
per() { echo $(( ($1 - $2) / $3 )); }
s0=$(ir "$swift_bin" "$workload" none "$n"); c0=$(ir "$peer_bin" "$workload" none "$n")
echo "instructions per operation (callgrind; $n builds, 2 x $n matches, minus a run that only loads)"
echo "  build matcher        ICUKit $(per "$(ir "$swift_bin" "$workload" build "$n")" "$s0" "$n")   ICU C++ $(per "$(ir "$peer_bin" "$workload" build "$n")" "$c0" "$n")"
echo "  match, from tags     ICUKit $(per "$(ir "$swift_bin" "$workload" tags "$n")" "$s0" $((2 * n)))   ICU C++ $(per "$(ir "$peer_bin" "$workload" tags "$n")" "$c0" $((2 * n)))"
echo "  match, Locale objs                  ICU C++ $(per "$(ir "$peer_bin" "$workload" locales "$n")" "$c0" $((2 * n)))"
echo "  match + distance                    ICU C++ $(per "$(ir "$peer_bin" "$workload" distance "$n")" "$c0" $((2 * n)))"
