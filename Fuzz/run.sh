#!/usr/bin/env bash
# Builds ICUKit's libFuzzer harnesses with -sanitize=fuzzer,address and runs each one.
#
#   Fuzz/run.sh [SECONDS] [HARNESS...]     (default: 30 seconds, every harness)
#
# For each harness: replays every file in Fuzz/regressions/<harness>/ (past crashes, which
# must stay fixed), then fuzzes for SECONDS resuming from the minimized corpus
# Fuzz/corpus/<harness>/ (COMMITTED, small) and the seeds Fuzz/seeds/<harness>/; new inputs
# go to Fuzz/.work/<harness>/ (git-ignored). Afterwards the corpus and the new inputs are
# merge-minimized (libFuzzer -merge=1) back into Fuzz/corpus/<harness>/, so the kept corpus
# only grows by inputs that add coverage; commit it after a campaign. Crash, timeout and OOM
# inputs go to Fuzz/artifacts/<harness>/, full logs to Fuzz/artifacts/logs/. Prints one
# summary line per harness and exits 1 if any harness failed (2 if the build failed).
# Works from any directory, without a terminal or stdin.
#
# Environment: ASAN_OPTIONS (default below), FUZZ_FLAGS (extra libFuzzer flags, e.g.
# "-max_len=8192"), ICUKIT_FUZZ_STRICT=1 (turn the harnesses' soft notes into failures).
set -euo pipefail

seconds="${1:-30}"
[[ $# -gt 0 ]] && shift
case "$seconds" in
    '' | *[!0-9]*) echo "usage: $0 [SECONDS] [HARNESS...]" >&2; exit 64 ;;
esac

fuzz_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
all_harnesses=(SegmentFuzz UTF8Fuzz LocaleFuzz LocaleMatchFuzz BidiFuzz CollationFuzz SearchFuzz DateParseFuzz DatePatternFuzz NumberSkeletonFuzz MessageFormatFuzz NumberParseFuzz CalendarFuzz EncodingFuzz EncodeFuzz NormalizeFuzz CaseMapFuzz TransliterateFuzz UnicodeSetFuzz CharNameFuzz LanguageFuzz SpoofFuzz IDNAFuzz StringPrepFuzz XCStringsFuzz StringsFileFuzz StringsDictFuzz GettextPOFuzz GettextMOFuzz StringFormatFuzz PseudoFormatFuzz DifferentialFuzz)
if [[ $# -gt 0 ]]; then harnesses=("$@"); else harnesses=("${all_harnesses[@]}"); fi
for h in "${harnesses[@]}"; do
    [[ -d "$fuzz_dir/Sources/$h" ]] || { echo "run.sh: unknown harness $h (have: ${all_harnesses[*]})" >&2; exit 64; }
done

build_dir="$fuzz_dir/.build"
bin_dir="$build_dir/fuzzers"
log_dir="$fuzz_dir/artifacts/logs"
mkdir -p "$bin_dir" "$log_dir"

# Smaller quarantine than ASan's 256 MB default keeps RSS well under the limit below.
export ASAN_OPTIONS="${ASAN_OPTIONS:-quarantine_size_mb=64:malloc_context_size=20:detect_leaks=1:handle_abort=1:symbolize=1}"
# Swift's own crash backtracer reads the stack in ways ASan reports as a bogus
# stack-buffer-underflow; libFuzzer prints the stack of a trap itself.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"

# --- Build -------------------------------------------------------------------------------
# Release (-O) code runs several times faster under ASan than debug code, and preconditions
# stay on. The sanitizer flags go to every target, so ICUKit itself is instrumented, its C++
# targets too (-Xcxx: the transliteration gap buffer, the UTF-8 normalization shim) for
# coverage and ASan.
# Only the harnesses asked for are built (each with ICUKit and FuzzSupport).
start=$(date +%s)
: >"$log_dir/build.log"
for h in "${harnesses[@]}"; do
    if ! swift build --package-path "$fuzz_dir" --scratch-path "$build_dir" -c release --target "$h" \
            -Xswiftc -sanitize=fuzzer,address -Xcxx -fsanitize=fuzzer-no-link,address </dev/null >>"$log_dir/build.log" 2>&1; then
        tail -n 40 "$log_dir/build.log" >&2
        echo "run.sh: build of $h failed (full log: $log_dir/build.log)" >&2
        exit 2
    fi
done

# The object files of a target, from SwiftPM's output file map (only the current sources,
# never a stale object of a deleted file; in WMO builds the module-level entry has no file).
objects() {
    local map="$build_dir/release/$1.build/output-file-map.json" o
    [[ -f "$map" ]] || { echo "run.sh: no $map" >&2; return 1; }
    sed -n 's/.*"object" *: *"\([^"]*\)".*/\1/p' "$map" | while IFS= read -r o; do
        if [[ -f "$o" ]]; then echo "$o"; fi
    done
}

# Link each harness with ICUKit into an executable; libFuzzer supplies main. ICU, the
# Swift runtime and Synchronization come from the objects' autolink entries. lld (from the
# toolchain) avoids a page of gold warnings about ASan's local symbols.
linker=()
if [[ -x "$(dirname "$(command -v swiftc)")/ld.lld" ]]; then linker=(-use-ld=lld); fi
# ICUKit's C++ target (ICU's UTF-8 normalization) has no output file map: its objects are
# the .o files of its build folder; it needs the C++ runtime (-lstdc++) at link time.
c_objects() { find "$build_dir/release/$1.build" -name '*.o' 2>/dev/null | sort; }
mapfile -t library_objects < <(objects ICUKit; objects FuzzSupport; c_objects CICUUTF8Norm; c_objects CICUTranslit; c_objects CICULanguageModel; c_objects CICUTextTables)
for h in "${harnesses[@]}"; do
    mapfile -t harness_objects < <(objects "$h")
    if ! swiftc -sanitize=fuzzer,address "${linker[@]}" "${harness_objects[@]}" "${library_objects[@]}" -lstdc++ \
            -o "$bin_dir/$h" </dev/null >"$log_dir/link-$h.log" 2>&1; then
        tail -n 40 "$log_dir/link-$h.log" >&2
        echo "run.sh: linking $h failed" >&2
        exit 2
    fi
done
echo "built ${harnesses[*]} in $(( $(date +%s) - start ))s ($bin_dir)"

# --- Run ---------------------------------------------------------------------------------
# A value of a libFuzzer "stat::" line or of the last progress line of a log.
stat() { sed -n "s/^stat::$2: *\([0-9]*\).*/\1/p" "$1" | tail -n 1 || true; }
progress() { { grep -E '^#[0-9]+' "$1" || true; } | tail -n 1 | sed -n "s/.* $2: *\([0-9]*\).*/\1/p"; }

failed=0
for h in "${harnesses[@]}"; do
    corpus="$fuzz_dir/corpus/$h"
    work="$fuzz_dir/.work/$h"
    artifacts="$fuzz_dir/artifacts/$h"
    regressions="$fuzz_dir/regressions/$h"
    seeds="$fuzz_dir/seeds/$h"
    mkdir -p "$corpus" "$work" "$artifacts"
    common=(-timeout=10 -rss_limit_mb=2048 -artifact_prefix="$artifacts/")

    # 1. Past crashes must not crash any more.
    replayed=0
    if [[ -d "$regressions" ]]; then
        mapfile -t inputs < <(find "$regressions" -type f ! -name '.*' ! -name '*.md' | sort)
        replayed=${#inputs[@]}
        if (( replayed > 0 )) && ! "$bin_dir/$h" "${common[@]}" "${inputs[@]}" \
                </dev/null >"$log_dir/$h-regressions.log" 2>&1; then
            printf '%-12s FAIL  a regression input crashes again (log: %s)\n' "$h" "$log_dir/$h-regressions.log"
            grep -m 5 -E 'Running:|ERROR|Fatal error|precondition' "$log_dir/$h-regressions.log" | sed 's/^/    /' || true
            failed=1
            continue
        fi
    fi

    # 2. Fuzz. New inputs go to the work directory (the first one); the kept corpus and the
    # seeds are only read.
    # shellcheck disable=SC2086  # FUZZ_FLAGS is a list of flags
    set +e
    # Wall and CPU seconds of the run itself (it ends early when FUZZ_FLAGS has -runs=N).
    TIMEFORMAT='%R %U %S'
    { time "$bin_dir/$h" "${common[@]}" -max_total_time="$seconds" -print_final_stats=1 ${FUZZ_FLAGS:-} \
        "$work" "$corpus" "$seeds" </dev/null >"$log_dir/$h.log" 2>&1 ; } 2>"$log_dir/$h.time"
    status=$?
    read -r wall user sys <"$log_dir/$h.time" || true
    elapsed=$(awk -v w="${wall:-0}" -v u="${user:-0}" -v s="${sys:-0}" 'BEGIN { printf "%.0fs (CPU %.0fs)", w, u + s }')
    # 3. Merge-minimize the kept corpus and the new inputs into a fresh kept corpus.
    if (( status == 0 )) && [[ -n "$(ls -A "$work")" ]]; then
        merged="$fuzz_dir/.work/$h.merged"
        rm -rf "$merged"; mkdir -p "$merged"
        if "$bin_dir/$h" "${common[@]}" -merge=1 "$merged" "$corpus" "$work" \
                </dev/null >"$log_dir/$h-merge.log" 2>&1; then
            rm -rf "$corpus" "$work"; mv "$merged" "$corpus"; mkdir -p "$work"
        fi
    fi
    set -e
    log="$log_dir/$h.log"
    runs=$(stat "$log" number_of_executed_units); speed=$(stat "$log" average_exec_per_sec)
    rss=$(stat "$log" peak_rss_mb)
    cov=$(progress "$log" cov); ft=$(progress "$log" ft); corp=$(progress "$log" corp)
    notes=$(grep -c ': note: ' "$log" || true)
    kept=$(find "$corpus" -type f | wc -l); kept_kb=$(du -sk "$corpus" | cut -f1)
    if (( status == 0 )); then
        printf '%-12s ok    %s  runs=%s  exec/s=%s  cov=%s  ft=%s  corpus=%s  kept=%s files/%sKB  rss=%sMB  regressions=%s  notes=%s\n' \
            "$h" "$elapsed" "${runs:-?}" "${speed:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}" "$kept" "$kept_kb" "${rss:-?}" "$replayed" "$notes"
    else
        failed=1
        artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
        printf '%-12s FAIL  exit %s after runs=%s  cov=%s  input: %s  (log: %s)\n' \
            "$h" "$status" "${runs:-?}" "${cov:-?}" "${artifact:-none}" "$log"
        grep -m 5 -E 'ERROR: |Fatal error|precondition|SUMMARY' "$log" | sed 's/^/    /' || true
        [[ -n "$artifact" ]] && echo "    keep it: cp '$artifact' '$regressions/' (after the fix)"
    fi
done
exit "$failed"
