#!/usr/bin/env bash
# Installs what ICUKit needs on Debian/Ubuntu when it is missing: the ICU headers and
# libraries (libicu-dev), pkg-config, and the Unicode data files the conformance tests
# read (unicode-data, /usr/share/unicode; unicode-idna, /usr/share/unicode/idna for UTS #46's
# IdnaMappingTable.txt), and ICU's uconv (icu-devtools), the oracle of the encoding
# round-trip tests. Idempotent and non-interactive.
set -euo pipefail

missing=()
for pkg in libicu-dev pkg-config unicode-data unicode-idna icu-devtools; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "setup: need root (or sudo) to install: ${missing[*]}" >&2; exit 1
  fi
fi
echo "setup: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
