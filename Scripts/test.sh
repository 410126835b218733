#!/usr/bin/env bash
# The whole test suite: installs what is missing, checks the generated CICU header is
# current, builds once and runs every test (library, conformance, CLI end to end).
set -euo pipefail
cd "$(dirname "$0")/.."

bash Scripts/setup.sh
python3 Scripts/gen-cicu-shims.py --check
swift build --build-tests
swift test --skip-build "$@"
