#!/usr/bin/env bash
# Runs the three engine recipes end to end and prints one line per (engine, command):
# records/s, the single `icukit` process (--jobs 1) and `--jobs <cores>` beside it, and OK
# when the engine's output equals the single process's, record for record and in order.
#
#   bash Examples/engines/run.sh [RECORDS]          (default 200000 records, ~25 MB)
#
# Builds the release `icukit` (swift build -c release), makes a venv under
# ${ICUKIT_ENGINES_VENV:-/tmp/icukit-engines-venv} with PyPI's pyspark, dask and
# distributed, and needs Java 17 (Debian openjdk-17-jre-headless) for Spark and GNU
# parallel plus sshd (Debian parallel, openssh-server) for the two-host run. A recipe
# whose tools are missing is skipped with a message; a wrong result fails the run.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
here="$root/Examples/engines"
count="${1:-200000}"
venv="${ICUKIT_ENGINES_VENV:-/tmp/icukit-engines-venv}"

(cd "$root" && swift build -c release --product icukit >/dev/null)
icukit="$root/.build/release/icukit"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/records.py" "$count" > "$work/records.jsonl"
echo "== $count records, $(($(wc -c < "$work/records.jsonl") / 1000000)) MB, $(nproc) cores, $("$icukit" --version)"

if [ ! -x "$venv/bin/python" ]; then python3 -m venv "$venv"; fi
"$venv/bin/python" -c 'import pyspark, dask, distributed' 2>/dev/null \
    || "$venv/bin/pip" install -q pyspark dask distributed

if command -v java >/dev/null; then
    (cd "$here" && "$venv/bin/python" spark_pipe.py "$icukit" "$work/records.jsonl" 8)
else
    echo "spark: skipped (no java; apt-get install openjdk-17-jre-headless)"
fi
(cd "$here" && "$venv/bin/python" dask_pipe.py "$icukit" "$work/records.jsonl")
if command -v parallel >/dev/null && [ -x /usr/sbin/sshd ]; then
    bash "$here/parallel.sh" "$icukit" "$work/records.jsonl"
else
    echo "parallel: skipped (apt-get install parallel openssh-server)"
fi
