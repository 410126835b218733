#!/usr/bin/env bash
# Whole-process benchmark of the `icukit` command against raw ICU C programs making the
# same ICU calls (Benchmarks/cli/*.c, compiled here against the installed ICU) and ICU's
# own `uconv`. For each job: instructions (valgrind --tool=callgrind, the whole process,
# repeatable under load) and wall time (hyperfine, median of RUNS; noisy on a shared
# machine), with the ratio ICUKit ÷ raw. Prints a Markdown table (BENCHMARKS.md).
#
# Usage: Benchmarks/cli-bench.sh [JOB-FILTER]    (a grep pattern over the job names)
# Environment: SIZE (bytes per text corpus, default 2 MiB), NORMALIZE_SIZE (bytes per text of the
# normalize jobs, default 7 MiB), WORDS (lines to sort, 100000),
# DATES (dates to convert, 20000), RUNS (hyperfine runs, 5), ICUKIT (a built binary;
# default: a release build of this checkout), NOWALL=1 to skip hyperfine, NOINSTR=1 to skip
# callgrind (wall time only: minutes instead of most of an hour; for an idle machine).
# Needs: valgrind, hyperfine (Debian: apt-get install valgrind hyperfine), cc, pkg-config,
# python3, uconv (icu-devtools); pycld2 (pip) for the language job, skipped without it. Nothing
# is written inside the repository.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
filter="${1:-.}"
SIZE="${SIZE:-2097152}" NORMALIZE_SIZE="${NORMALIZE_SIZE:-7340032}" WORDS="${WORDS:-100000}" DATES="${DATES:-20000}" RUNS="${RUNS:-5}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if [ -z "${ICUKIT:-}" ]; then
  (cd "$root" && swift build -c release --product icukit >&2)
  ICUKIT="$(cd "$root" && swift build -c release --show-bin-path)/icukit"
fi
# valgrind 3.19 gives up on the debug info Swift 6.3 writes ("Possibly corrupted debuginfo
# file"): measure a copy without it (same code, same instructions).
objcopy --strip-debug "$ICUKIT" "$work/icukit"
ICUKIT="$work/icukit"
for program in segment segmentjsonl normalize normalizejsonl sort calendar search bidi bidijson formatdate detect; do
  # shellcheck disable=SC2046 # pkg-config's flags are words
  cc -O2 -o "$work/raw-$program" "$root/Benchmarks/cli/$program.c" $(pkg-config --cflags --libs icu-i18n icu-uc)
done
# Foundation on Linux doing the same calendar work (its own ICU), for issue 16's "faster than
# Foundation" target on the lunar calendars.
swiftc -O -o "$work/foundation-calendar" "$root/Benchmarks/cli/calendar_foundation.swift" >&2

# Inputs: real prose per script, words from it, dates, legacy encodings.
corpus="$root/Benchmarks/cli/corpus.py"
for script in english japanese arabic russian; do python3 "$corpus" "$script" "$SIZE" > "$work/$script.txt"; done
python3 - "$work" "$WORDS" "$DATES" <<'EOF'
import json, random, re, sys, datetime
work, words, dates = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(16)
for script in ("english", "arabic", "russian"):
    vocabulary = sorted(set(re.findall(r"\w+", open(f"{work}/{script}.txt", encoding="utf-8").read())))
    with open(f"{work}/{script}.words", "w", encoding="utf-8") as out:
        out.writelines(rng.choice(vocabulary) + "\n" for _ in range(words))
start, span = datetime.date(1900, 1, 1).toordinal(), datetime.date(2100, 12, 31).toordinal() - datetime.date(1900, 1, 1).toordinal()
with open(f"{work}/dates.txt", "w") as out:
    out.writelines(datetime.date.fromordinal(start + rng.randrange(span)).isoformat() + "\n" for _ in range(dates))
with open(f"{work}/instants.txt", "w") as out:
    seconds = (datetime.date(2100, 12, 31).toordinal() - datetime.date(1900, 1, 1).toordinal()) * 86400
    base = datetime.datetime(1900, 1, 1)
    out.writelines((base + datetime.timedelta(seconds=rng.randrange(seconds))).strftime("%Y-%m-%dT%H:%M:%SZ") + "\n" for _ in range(dates))
for script in ("english", "russian", "arabic"):
    with open(f"{work}/{script}.jsonl", "w", encoding="utf-8") as out:
        for line in open(f"{work}/{script}.txt", encoding="utf-8"):
            for sentence in re.split(r"(?<=[.?!؟]) ", line.rstrip("\n")):
                out.write(json.dumps(sentence, ensure_ascii=False) + "\n")
EOF
# Normalize: the prose of six scripts in NFC (as written) and in NFD (made by the raw peer).
for script in english russian arabic hindi chinese japanese; do
  python3 "$corpus" "$script" "$NORMALIZE_SIZE" > "$work/$script.nfc"
  "$work/raw-normalize" nfd "$work/$script.nfc" > "$work/$script.nfd"
done
printf 'Ça déjà vu — naïve café\n' > "$work/line.txt"
uconv -f UTF-8 -t windows-1251 "$work/russian.txt" > "$work/russian.1251"
uconv -f UTF-8 -t Shift_JIS "$work/japanese.txt" > "$work/japanese.txt.sjis" 2>/dev/null || true

instructions() {  # instructions of one whole process (children included)
  valgrind --tool=callgrind --trace-children=yes --callgrind-out-file=/dev/null bash -c "$1" 2>&1 >/dev/null \
    | sed -n 's/.*Collected : //p' | awk '{ total += $1 } END { printf "%.0f\n", total }'
}
median_ms() {
  hyperfine --style none --runs "$RUNS" --warmup 1 --export-json "$work/h.json" "$1" >/dev/null 2>&1
  python3 -c "import json,statistics; print('%.1f' % (1000*statistics.median(json.load(open('$work/h.json'))['results'][0]['times'])))"
}
ratio() { awk "BEGIN { printf \"%.2f\", $1 / $2 }"; }

printf '| job | ICUKit instructions | raw instructions | ratio | ICUKit ms | raw ms | ratio |\n'
printf '|---|---:|---:|---:|---:|---:|---:|\n'
job() {  # name, icukit command, raw command
  echo "$1" | grep -q -- "$filter" || return 0
  local a="-" b="-" ri="-" ta="-" tb="-" rt="-"
  if [ -z "${NOINSTR:-}" ]; then a=$(instructions "$2"); b=$(instructions "$3"); ri=$(ratio "$a" "$b"); fi
  if [ -z "${NOWALL:-}" ]; then ta=$(median_ms "$2"); tb=$(median_ms "$3"); rt=$(ratio "$ta" "$tb"); fi
  printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$1" "$a" "$b" "$ri" "$ta" "$tb" "$rt"
}
I="$ICUKIT" R="$work/raw"
job "segment word count, English" "$I segment --by word --format count $work/english.txt" "$R-segment word root $work/english.txt"
job "segment word count --words-only, English" "$I segment --by word --format count --words-only $work/english.txt" "$R-segment word root $work/english.txt words"
job "segment word count, Japanese (ja)" "$I segment --by word --locale ja --format count $work/japanese.txt" "$R-segment word ja $work/japanese.txt"
job "segment word count, Arabic" "$I segment --by word --format count $work/arabic.txt" "$R-segment word root $work/arabic.txt"
job "segment grapheme count, English" "$I segment --by grapheme --format count $work/english.txt" "$R-segment grapheme root $work/english.txt"
job "segment grapheme count, Arabic" "$I segment --by grapheme --format count $work/arabic.txt" "$R-segment grapheme root $work/arabic.txt"
job "segment word json, Arabic" "$I segment --by word --format json $work/arabic.txt" "$R-segment word root $work/arabic.txt json"
job "segment word text, English" "$I segment --by word --format text $work/english.txt" "$R-segment word root $work/english.txt text"
job "segment line json, Russian" "$I segment --by line --format json $work/russian.txt" "$R-segment line root $work/russian.txt json"
job "segment sentence count, English" "$I segment --by sentence --format count $work/english.txt" "$R-segment sentence root $work/english.txt"
job "segment line count, Russian" "$I segment --by line --format count $work/russian.txt" "$R-segment line root $work/russian.txt"
job "sort --locale sv, $WORDS words" "$I sort --locale sv $work/english.words" "$R-sort sv $work/english.words"
job "sort --locale ar, $WORDS words" "$I sort --locale ar $work/arabic.words" "$R-sort ar $work/arabic.words"
job "sort --locale ru, $WORDS words" "$I sort --locale ru $work/russian.words" "$R-sort ru $work/russian.words"
job "convert windows-1251 → UTF-8 (vs uconv)" "$I convert --from windows-1251 --to UTF-8 $work/russian.1251" "uconv -f windows-1251 -t UTF-8 $work/russian.1251"
job "convert UTF-8 → Shift_JIS (vs uconv)" "$I convert --from UTF-8 --to Shift_JIS $work/japanese.txt" "uconv -f UTF-8 -t Shift_JIS $work/japanese.txt"
job "search --all the, English" "$I search --all --format json the $work/english.txt" "$R-search the $work/english.txt"
job "search --all في, Arabic" "$I search --all --format json في $work/arabic.txt" "$R-search في $work/arabic.txt"
job "bidi --format visual, Arabic" "$I bidi --format visual $work/arabic.txt" "$R-bidi $work/arabic.txt"
job "bidi --format visual, English" "$I bidi --format visual $work/english.txt" "$R-bidi $work/english.txt"
job "bidi --format json, Arabic" "$I bidi --format json $work/arabic.txt" "$R-bidijson $work/arabic.txt"
job "detect windows-1251 (vs ucsdet)" "$I detect $work/russian.1251" "$R-detect $work/russian.1251"
job "detect Shift_JIS (vs ucsdet)" "$I detect $work/japanese.txt.sjis" "$R-detect $work/japanese.txt.sjis"
job "format date --locale en, $DATES instants" "$I format date --locale en --time-zone UTC < $work/instants.txt" "$R-formatdate en $work/instants.txt"
job "format date --locale ar, $DATES instants" "$I format date --locale ar --time-zone UTC < $work/instants.txt" "$R-formatdate ar $work/instants.txt"
for calendar in hebrew japanese chinese islamic-umalqura; do
  job "calendar convert --to $calendar, $DATES dates" "$I calendar convert --to $calendar < $work/dates.txt" "$R-calendar $calendar $work/dates.txt"
done
for calendar in chinese dangi islamic-umalqura hebrew japanese; do
  job "calendar convert --to $calendar, $DATES dates (vs Foundation)" "$I calendar convert --to $calendar < $work/dates.txt" "$work/foundation-calendar $calendar $work/dates.txt"
done
# ICU's own reckoning (`--engine icu`: ICU's new moons, memoized per year) for the two corrected calendars.
for calendar in chinese hebrew; do
  job "calendar convert --to $calendar --engine icu, $DATES dates (vs Foundation)" "$I calendar convert --to $calendar --engine icu < $work/dates.txt" "$work/foundation-calendar $calendar $work/dates.txt"
done
# JSON Lines: one sentence per record, against the same work on the whole text.
job "segment word count --jsonl (per sentence) vs raw whole text" "$I segment --by word --format count --jsonl --jobs 1 $work/english.jsonl" "$R-segment word root $work/english.txt"
job "segment word count --jsonl (per sentence) vs raw per record" "$I segment --by word --format count --jsonl --jobs 1 $work/english.jsonl" "$R-segmentjsonl word root $work/english.jsonl"
for script in english russian arabic; do
  job "normalize --form nfkc-casefold --jsonl (per sentence), $script" "$I normalize --form nfkc-casefold --jsonl --jobs 1 $work/$script.jsonl" "$R-normalizejsonl nfkc-casefold $work/$script.jsonl"
done
# Whole-process normalization of 7 MiB per script (NFC of NFC text: the quick check; NFD → NFC and
# NFC → NFD: every accented or composed letter changes), and of one line against uconv.
job "normalize --form nfc, one line (vs uconv -x nfc)" "$I normalize --form nfc $work/line.txt" "uconv -x nfc $work/line.txt"
for script in english russian arabic hindi chinese japanese; do
  job "normalize --form nfc of NFC text, $script" "$I normalize --form nfc $work/$script.nfc" "$R-normalize nfc $work/$script.nfc"
  job "normalize --form nfc of NFD text, $script" "$I normalize --form nfc $work/$script.nfd" "$R-normalize nfc $work/$script.nfd"
  job "normalize --form nfd of NFC text, $script" "$I normalize --form nfd $work/$script.nfc" "$R-normalize nfd $work/$script.nfc"
done
# Language recognition against CLD2, both whole processes: one sentence per record, three scripts.
cat "$work/english.jsonl" "$work/russian.jsonl" "$work/arabic.jsonl" > "$work/languages.jsonl"
if python3 -c 'import pycld2' 2>/dev/null; then
  job "language --jsonl (per sentence; vs pycld2)" "$I language --jsonl --format text --jobs 1 $work/languages.jsonl" "python3 $root/Benchmarks/cli/cld2.py $work/languages.jsonl"
elif echo "language" | grep -q -- "$filter"; then
  echo "cli-bench.sh: pycld2 is not installed (pip install pycld2): the language job is skipped" >&2
fi
if echo "jsonl jobs" | grep -q -- "$filter" && [ -z "${NOWALL:-}" ]; then
  one=$(median_ms "$I segment --by word --format json --jsonl --jobs 1 $work/english.jsonl")
  two=$(median_ms "$I segment --by word --format json --jsonl --jobs 2 $work/english.jsonl")
  printf '\n--jobs 1: %s ms, --jobs 2: %s ms (speed-up %s) for segment --format json --jsonl\n' "$one" "$two" "$(ratio "$one" "$two")"
fi
