#!/usr/bin/env bash
# One locale match among 100 available locales: ICUKit's LocaleMatcher (LocaleMatchTiming,
# release build) beside ICU's own C++ icu::LocaleMatcher (LocaleMatchPeer, g++ -O2), on the
# same workload (LocaleMatchPeer/workload.txt). Prints microseconds per operation.
#   Benchmarks/locale-match.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
swift build -c release --product LocaleMatchTiming >/dev/null
g++ -O2 -std=c++17 LocaleMatchPeer/locale_match_peer.cpp -o .build/locale_match_peer \
    $(pkg-config --cflags --libs icu-i18n icu-uc)
"$(swift build -c release --show-bin-path)/LocaleMatchTiming" LocaleMatchPeer/workload.txt
.build/locale_match_peer LocaleMatchPeer/workload.txt
