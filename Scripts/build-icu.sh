#!/usr/bin/env bash
# Builds a second ICU beside the system one (Debian 12's ICU 72) into a cache prefix and prints
# that prefix. Today one other version is wired: 76 (Debian 13 "trixie", ICU 76.1, the version
# Fedora and Foundation on Linux ship). The source package comes from the Debian archive through
# a PRIVATE apt configuration (its own sources.list, lists and cache under the cache directory:
# the machine's apt sources are never touched), is unpacked with Debian's patches, and only the
# libraries, tools and data are built (no tests, samples, extras, layout). A prefix that exists
# with a complete install is reused, so only the first run on a machine pays for the build.
#
#   bash Scripts/build-icu.sh 76      # prints e.g. /var/cache/icukit/icu-76.1
#
# Beside the libraries it keeps the conformance files of that ICU's Unicode and CLDR versions,
# from the same source package's test data (ICU's own oracle for that version), in
# $prefix/share/icukit-testdata/{unicode,unicode/auxiliary,collation}; the test suite reads them
# through ICUKIT_UNICODE_DIR and ICUKIT_COLLATION_TEST_DIR (Scripts/test.sh --icu sets both).
# The Text suites' oracles come from the same source: ICU's `uconv` (bin/uconv); UnicodeData,
# CaseFolding, SpecialCasing and NormalizationTest as shipped; Scripts, ScriptExtensions, Blocks,
# DerivedAge, PropertyValueAliases and emoji-data derived from ICU's preparsed UCD
# (Scripts/ppucd-to-ucd.py; ICU's source has no copies of those). Each set of test data has its own marker, so a cache
# built before a set existed gets it without rebuilding the libraries.
#
# ICUKIT_ICU_CACHE overrides the cache directory (default /var/cache/icukit).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
major="${1:?usage: build-icu.sh MAJOR (76)}"
case "$major" in
    76) suite=trixie; version=76.1 ;;
    *) echo "build-icu.sh: no recipe for ICU $major (known: 76)" >&2; exit 64 ;;
esac

cache="${ICUKIT_ICU_CACHE:-/var/cache/icukit}"
prefix="$cache/icu-$version"
testdata="$prefix/share/icukit-testdata"
if [ -f "$prefix/.complete" ] && [ -f "$testdata/.complete" ] && [ -f "$testdata/.complete-text" ]; then
    echo "$prefix"
    exit 0
fi

# Tools: dpkg-source (dpkg-dev) unpacks the source package; a C++ compiler and make build it.
need=()
command -v dpkg-source >/dev/null || need+=(dpkg-dev)
command -v g++ >/dev/null || command -v c++ >/dev/null || need+=(g++)
command -v make >/dev/null || need+=(make)
if [ ${#need[@]} -gt 0 ]; then
    echo "build-icu.sh: installing ${need[*]}" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >&2
fi

mkdir -p "$cache"
work="$cache/src-$version"
rm -rf "$work"
mkdir -p "$work/apt/lists/partial" "$work/apt/cache/archives/partial"
echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $suite main" \
    > "$work/apt/sources.list"
apt_opts=(
    -o "Dir::Etc::sourcelist=$work/apt/sources.list"
    -o "Dir::Etc::sourceparts=/nonexistent"
    -o "Dir::State::Lists=$work/apt/lists"
    -o "Dir::Cache=$work/apt/cache"
    -o "APT::Sandbox::User=root"
)
start=$(date +%s)
fetch_source() {  # the source package, unpacked with Debian's patches into $work/tree
    echo "build-icu.sh: fetching the $suite source package of ICU $version" >&2
    apt-get "${apt_opts[@]}" -qq update >&2
    # The suite's current source of `icu` (apt checks it against the signed Release file).
    (cd "$work" && apt-get "${apt_opts[@]}" -qq source --download-only icu >&2)
    local dsc
    dsc=$(ls "$work"/icu_"$version"-*.dsc 2>/dev/null | head -1)
    if [ -z "$dsc" ]; then
        echo "build-icu.sh: $suite no longer has ICU $version: $(ls "$work"/*.dsc)" >&2; exit 69
    fi
    (cd "$work" && dpkg-source -q -x "$dsc" tree >&2)
}
fetch_source

install_testdata() {  # $1: the unpacked source tree
    local from="$1/source/test/testdata"
    mkdir -p "$testdata/unicode/auxiliary" "$testdata/collation"
    cp "$from"/BidiTest.txt "$from"/BidiCharacterTest.txt "$testdata/unicode/"
    cp "$from"/{Grapheme,Word,Line,Sentence}BreakTest.txt "$testdata/unicode/auxiliary/"
    cp "$from"/CollationTest_NON_IGNORABLE_SHORT.txt "$testdata/collation/CollationTest_CLDR_NON_IGNORABLE_SHORT.txt"
    cp "$from"/CollationTest_SHIFTED_SHORT.txt "$testdata/collation/CollationTest_CLDR_SHIFTED_SHORT.txt"
    touch "$testdata/.complete"
    local unidata="$1/source/data/unidata"
    cp "$unidata"/{UnicodeData,CaseFolding,SpecialCasing,NormalizationTest}.txt "$testdata/unicode/"
    python3 "$here/ppucd-to-ucd.py" "$unidata/ppucd.txt" "$testdata/unicode"
    # ICU's own uconv for this version (the transliteration suite's oracle, as Debian's
    # icu-devtools uconv is for 72), compiled from the source's extra/uconv against the
    # libraries above; its message bundle is left out (uconv then prints bare messages).
    local uconv="$1/source/extra/uconv"
    c++ -O2 -std=c++17 -w -I"$prefix/include" -I"$1/source/common" -I"$uconv" "$uconv/uconv.cpp" -x c "$uconv/uwmsg.c" \
        -o "$prefix/bin/uconv" -L"$prefix/lib" -licui18n -licuuc -licudata -Wl,--disable-new-dtags,-rpath,"$prefix/lib" >&2
    touch "$testdata/.complete-text"
}
if [ -f "$prefix/.complete" ]; then  # libraries from an earlier run, test data missing
    install_testdata "$work/tree"
    rm -rf "$work"
    echo "$prefix"
    exit 0
fi

echo "build-icu.sh: building ICU $version into $prefix (niced, make -j2)" >&2
mkdir -p "$work/build"
cd "$work/build"
nice -n 10 "$work/tree/source/configure" --prefix="$prefix" \
    --disable-tests --disable-samples --disable-extras --disable-layoutex \
    --disable-icu-config --disable-static >&2
nice -n 10 make -j2 >&2
rm -rf "$prefix"
nice -n 10 make install >&2
install_testdata "$work/tree"
touch "$prefix/.complete"
cd /
rm -rf "$work"
echo "build-icu.sh: ICU $version built in $(( $(date +%s) - start )) s" >&2
echo "$prefix"
