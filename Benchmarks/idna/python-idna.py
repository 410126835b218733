#!/usr/bin/env python3
"""Times PyPI's `idna` package (pure Python, IDNA 2008 + UTS #46 mapping) on the
benchmark's names: `idna.encode(name, uts46=True)` and `idna.decode(...)`. It is a peer
for throughput only: it implements IDNA 2008, not UTS #46 processing, so it refuses names
ICU accepts (IDNA 2008 disallows symbols UTS #46 keeps; its bidi rule refuses labels such
as `ישראל-news`, which ICU reports as an error beside its output).

    python3 -m venv /tmp/idna-venv && /tmp/idna-venv/bin/pip install idna
    /tmp/idna-venv/bin/python Benchmarks/idna/python-idna.py [COUNT]
"""
import os
import sys
import time

import idna

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from names import generate  # noqa: E402

count = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
names = generate(count)
print(f"idna {idna.package_data.__version__} on {count} names "
      f"({sum(1 for n in names if n.isascii())} ASCII)")
for what, fn in [("encode", lambda n: idna.encode(n, uts46=True)), ("decode", lambda n: idna.decode(n, uts46=True))]:
    failures = 0
    start = time.perf_counter()
    for name in names:
        try:
            fn(name)
        except idna.IDNAError:
            failures += 1
    elapsed = time.perf_counter() - start
    print(f"{what}: {elapsed:.2f} s, {count / elapsed / 1e6:.3f} M names/s, {elapsed / count * 1e9:.0f} ns/name, {failures} refused")
