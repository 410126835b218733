#!/usr/bin/env bash
# The whole test suite: installs what is missing, checks the generated CICU header is
# current, builds once and runs every test (library, conformance, CLI end to end).
#
#   bash Scripts/test.sh                 # against the system ICU (Debian 12: ICU 72)
#   bash Scripts/test.sh --icu 76        # against ICU 76.1 (Debian 13), built once into a cache
#                                        # prefix by Scripts/build-icu.sh (ICUKIT_ICU=76 does the same)
# Other arguments go to `swift test` (e.g. --filter Bidi).
set -euo pipefail
cd "$(dirname "$0")/.."

icu="${ICUKIT_ICU:-}"
args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --icu) icu="${2:?--icu needs a major version}"; shift 2 ;;
        --icu=*) icu="${1#--icu=}"; shift ;;
        *) args+=("$1"); shift ;;
    esac
done

bash Scripts/setup.sh
scratch=(--scratch-path .build)
if [ -n "$icu" ] && [ "$icu" != "$(pkg-config --modversion icu-i18n | cut -d. -f1)" ]; then
    prefix=$(bash Scripts/build-icu.sh "$icu")
    export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
    export LD_LIBRARY_PATH="$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    export PATH="$prefix/bin:$PATH"  # its icuinfo, which the --version test compares with
    export ICUKIT_UNICODE_DIR="$prefix/share/icukit-testdata/unicode"
    export ICUKIT_COLLATION_TEST_DIR="$prefix/share/icukit-testdata/collation"
    # The one generated header must build against both: regenerated from this ICU's
    # headers it is byte-identical to the committed one.
    python3 Scripts/gen-cicu-shims.py --check --include-dir "$prefix/include"
    scratch=(--scratch-path ".build-icu$icu")
else
    python3 Scripts/gen-cicu-shims.py --check
fi
export ICUKIT_EXPECTED_ICU="$(pkg-config --modversion icu-i18n)"
swift build --build-tests "${scratch[@]}"
# Name the ICU the tests run against (the CLI reports the library it loaded at run time).
version=$("$(swift build "${scratch[@]}" --show-bin-path)/icukit" --version)
echo "== testing against: $version"
case "$version" in *"(ICU $ICUKIT_EXPECTED_ICU,"*) ;; *)
    echo "test.sh: expected ICU $ICUKIT_EXPECTED_ICU at run time" >&2; exit 1 ;;
esac
swift test --skip-build "${scratch[@]}" ${args[@]+"${args[@]}"}
