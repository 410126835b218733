#!/usr/bin/env bash
# `icukit strings check` on a generated 5,000-key, 10-language String Catalog against
# `msgfmt -c` on the same messages as 9 .po files (generate-check-input.py), in wall time
# (hyperfine): both check placeholders of every translation; msgfmt runs once per file, as
# a build does.
#
# Usage: Benchmarks/strings/check-bench.sh [KEYS]   (default 5000)
# Environment: ICUKIT, a release build of icukit (default: built here); MARKDOWN, a file for
# hyperfine's Markdown table (Benchmarks/report.sh reads it).
# Needs: hyperfine, msgfmt (Debian: apt-get install hyperfine gettext), python3.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$(dirname "$here")")"
keys="${1:-5000}"
if [ -z "${ICUKIT:-}" ]; then
  (cd "$root" && swift build -c release --product icukit >&2)
  ICUKIT="$(cd "$root" && swift build -c release --show-bin-path)/icukit"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 "$here/generate-check-input.py" "$work" "$keys"
export ICUKIT work
hyperfine --warmup 1 --runs 5 -i -N ${MARKDOWN:+--export-markdown "$MARKDOWN"} \
  -n "icukit strings check (.xcstrings)" "$ICUKIT strings check $work/Localizable.xcstrings" \
  -n "icukit strings check (.po folder)" "$ICUKIT strings check $work/po" \
  -n "msgfmt -c (9 .po files)" "bash -c 'for f in $work/po/*.po; do msgfmt -c -o /dev/null \$f 2>/dev/null; done; true'"
