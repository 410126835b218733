#!/usr/bin/env bash
# Regenerates Sources/CICUTextTables/TextTables.c.bin, the normalization and case-mapping
# tables embedded in the executable, from the ICU the package builds against (its Unicode
# and ICU versions go into the header; a process under any other ICU builds its tables on
# first use instead). Run it after moving to another ICU; PrebuiltTextTablesTests fails
# while the file and the ICU's tables differ.
#
#   bash Scripts/build-text-tables.sh
set -euo pipefail
cd "$(dirname "$0")/.."
out="$PWD/Sources/CICUTextTables/TextTables.c.bin"
nice -n 5 swift build --build-tests
ICUKIT_WRITE_TEXT_TABLES="$out" swift test --skip-build --filter PrebuiltTextTablesTests/embeddedEqualsBuilt
# The executable embeds the new bytes on the next build (the compiler lists the file as a
# dependency of TextTables.c).
nice -n 5 swift build --build-tests
ls -l "$out"
