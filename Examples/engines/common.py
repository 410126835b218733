"""What the engine recipes share: the icukit commands they run per record, the
single-process reference run, and the check that an engine's output equals it."""
import os, shlex, subprocess, sys, time

# Per-record JSON Lines commands: one input line (a JSON string) -> one output line.
COMMANDS = {
    "segment": "segment --by word --format count --jsonl",
    "normalize": "normalize --form nfkc-casefold --jsonl",
    "language": "language --jsonl",
    "transliterate": "transliterate 'Any-Latin; Latin-ASCII' --jsonl",
}


def icukit_binary():
    path = sys.argv[1] if len(sys.argv) > 2 else None
    if not path or not os.access(path, os.X_OK):
        sys.exit("usage: RECIPE.py ICUKIT_BINARY RECORDS.jsonl [PARALLELISM]")
    return os.path.abspath(path)


def command_line(icukit, name, jobs=1):
    """The shell command an engine runs per partition (--jobs 1: the engine gives the cores)."""
    return f"{shlex.quote(icukit)} {COMMANDS[name]} --jobs {jobs}"


def single_process(icukit, name, records_path, jobs=1):
    """Runs the command once over the whole file; returns (output lines, seconds)."""
    start = time.perf_counter()
    with open(records_path, "rb") as stdin:
        done = subprocess.run(command_line(icukit, name, jobs), shell=True, stdin=stdin, capture_output=True, check=True)
    seconds = time.perf_counter() - start
    return done.stdout.decode("utf-8").splitlines(), seconds


def check(name, engine, got, expected):
    if got != expected:
        first = next((i for i, (a, b) in enumerate(zip(got, expected)) if a != b), min(len(got), len(expected)))
        sys.exit(f"{engine} {name}: output differs from the single process at record {first + 1} "
                 f"({len(got)} vs {len(expected)} lines)")


def report(engine, name, records, seconds, single, jobs_seconds):
    print(f"{engine:8} {name:14} {records:>8} records  {seconds:6.2f} s  {records / seconds:>9.0f} rec/s  "
          f"single process {single:5.2f} s (x{single / seconds:4.2f})  --jobs {os.cpu_count()} {jobs_seconds:5.2f} s  OK",
          flush=True)
