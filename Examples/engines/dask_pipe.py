#!/usr/bin/env python3
"""Dask (a `distributed` local cluster of worker processes): runs `icukit` on each
partition of a bag of JSON Lines with map_partitions and a subprocess, and checks the
result equals one single `icukit` process over the whole file, in order.

    dask_pipe.py ICUKIT_BINARY RECORDS.jsonl [WORKERS]      (needs dask and distributed)
"""
import os, subprocess, sys, time
from common import COMMANDS, check, command_line, icukit_binary, report, single_process


def run_partition(lines, command):
    """One partition through one icukit process: lines in, output lines out."""
    data = "".join(line if line.endswith("\n") else line + "\n" for line in lines).encode("utf-8")
    done = subprocess.run(command, shell=True, input=data, capture_output=True, check=True)
    return done.stdout.decode("utf-8").splitlines()


def main():
    icukit = icukit_binary()
    records_path = os.path.abspath(sys.argv[2])
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else os.cpu_count()
    import dask.bag as db
    from dask.distributed import Client, LocalCluster

    cores = os.cpu_count()
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, Client(cluster):
        size = os.path.getsize(records_path)
        bag = db.read_text(records_path, blocksize=max(1 << 20, size // (4 * workers)))
        count = bag.count().compute()
        for name in COMMANDS:
            expected, single = single_process(icukit, name, records_path)
            _, jobs_seconds = single_process(icukit, name, records_path, jobs=cores)
            start = time.perf_counter()
            got = bag.map_partitions(run_partition, command_line(icukit, name)).compute()
            seconds = time.perf_counter() - start
            check(name, "dask", list(got), expected)
            report("dask", name, count, seconds, single, jobs_seconds)


if __name__ == "__main__":
    main()
