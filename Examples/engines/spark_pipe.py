#!/usr/bin/env python3
"""PySpark (local mode, several executor threads): pipes partitions of JSON Lines through
`icukit` with RDD.pipe, collects, and checks the result equals one single `icukit` process
over the whole file, record for record and in order.

    spark_pipe.py ICUKIT_BINARY RECORDS.jsonl [PARTITIONS]      (needs pyspark and Java 17)
"""
import os, sys, time
from common import COMMANDS, check, command_line, icukit_binary, report, single_process

icukit = icukit_binary()
records_path = os.path.abspath(sys.argv[2])
partitions = int(sys.argv[3]) if len(sys.argv) > 3 else 8
cores = os.cpu_count()

from pyspark import SparkConf, SparkContext  # noqa: E402

conf = (SparkConf().setMaster(f"local[{cores}]").setAppName("icukit-pipe")
        .set("spark.ui.enabled", "false").set("spark.ui.showConsoleProgress", "false").set("spark.driver.memory", "2g"))
sc = SparkContext(conf=conf)
sc.setLogLevel("ERROR")
try:
    lines = sc.textFile(records_path, minPartitions=partitions).cache()
    count = lines.count()
    for name in COMMANDS:
        expected, single = single_process(icukit, name, records_path)
        _, jobs_seconds = single_process(icukit, name, records_path, jobs=cores)
        start = time.perf_counter()
        # pipe() writes each element and a newline to the command's stdin and yields its
        # output lines; the order within a partition is kept, and collect() keeps the
        # partitions' order, so the result lines up with the input.
        got = lines.pipe(command_line(icukit, name), env={"LC_ALL": "C.UTF-8"}).collect()
        seconds = time.perf_counter() - start
        check(name, "spark", got, expected)
        report("spark", name, count, seconds, single, jobs_seconds)
finally:
    sc.stop()
