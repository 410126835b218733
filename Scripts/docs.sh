#!/usr/bin/env bash
# Builds the DocC archive of the ICUKit library with the toolchain's `docc`, and fails
# on any DocC warning (broken symbol links, undocumented parameters, bad markup).
#
#   bash Scripts/docs.sh            -> .build-docs/ICUKit.doccarchive
#   DOCS_OUTPUT=/tmp/site bash Scripts/docs.sh
#   DOCS_HOSTING_BASE_PATH=/icukit bash Scripts/docs.sh   (served under a sub-path)
#
# Symbol graphs come from the compiler (-emit-symbol-graph) in a build of the ICUKit
# target under its own scratch path, so the normal .build is not rebuilt with other
# flags; later runs are incremental. No DocC plugin: the package depends on ICU only.
# View the archive with `docc preview Sources/ICUKit/ICUKit.docc
# --additional-symbol-graph-dir .build-docs/symbol-graphs`, or serve the archive
# directory with any static web server (open /documentation/icukit).
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-docs
graphs="$scratch/symbol-graphs"
output="${DOCS_OUTPUT:-$scratch/ICUKit.doccarchive}"
diagnostics="$scratch/docc-diagnostics.json"
# The compiler rewrites a graph only when its content changes, so stale files cannot be
# told by date: start from an empty directory and remove the built module, which makes
# the (incremental) build emit the module and every graph again (about 2 s).
rm -rf "$graphs"
mkdir -p "$graphs"
find "$scratch" -path '*/Modules/ICUKit.swiftmodule' -delete 2>/dev/null || true

echo "== symbol graphs (swift build --target ICUKit)"
swift build --target ICUKit --scratch-path "$scratch" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs"
[[ -f "$graphs/ICUKit.symbols.json" ]] || { echo "docs.sh: no symbol graph was emitted" >&2; exit 1; }

echo "== docc convert"
case "$output" in
    *.doccarchive|*.doccarchive/) rm -rf "$output" ;;
    *) [[ ! -e "$output" ]] || { echo "docs.sh: $output exists and is not a .doccarchive; not replacing it" >&2; exit 1; } ;;
esac
rm -f "$diagnostics"
hosting=()
[[ -n "${DOCS_HOSTING_BASE_PATH:-}" ]] && hosting=(--hosting-base-path "$DOCS_HOSTING_BASE_PATH")
status=0
docc convert Sources/ICUKit/ICUKit.docc \
    --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name ICUKit \
    --fallback-bundle-identifier org.icukit.ICUKit \
    --fallback-default-module-kind Framework \
    --output-path "$output" \
    --diagnostics-file "$diagnostics" \
    "${hosting[@]}" || status=$?

problems=$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(sum(1 for x in d.get("diagnostics", []) if x.get("severity") in ("warning", "error")))' "$diagnostics")
if [[ $status -ne 0 || $problems -ne 0 ]]; then
    echo "docs.sh: docc reported $problems warning(s)/error(s) (exit $status); see above and $diagnostics" >&2
    exit 1
fi
echo "docs.sh: 0 warnings; archive at $output"
