#!/usr/bin/env python3
"""Python's gettext on the strings of StringsTiming (FOLDER/po compiled to .mo with msgfmt):
load the ten translations, then LOOKUPS gettext() calls in the keys.txt order, ten languages
in turn. Prints `ROW Python MICROSECONDS-PER-OPERATION`, as StringsTiming prints its rows.
    strings_gettext_peer.py FOLDER [LOOKUPS]
"""
import gettext
import os
import subprocess
import sys
import time

folder = sys.argv[1]
lookups = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
languages = ["en", "de", "fr", "es", "it", "pl", "ru", "ar", "ja", "zh-Hans"]
for language in languages:
    target = os.path.join(folder, "locale", language, "LC_MESSAGES")
    os.makedirs(target, exist_ok=True)
    subprocess.run(["msgfmt", "-o", os.path.join(target, "app.mo"), os.path.join(folder, "po", language + ".po")], check=True)
keys = open(os.path.join(folder, "keys.txt"), encoding="utf-8").read().split("\n")

best = float("inf")
for _ in range(5):
    gettext._translations.clear()
    start = time.perf_counter()
    translations = [gettext.translation("app", os.path.join(folder, "locale"), languages=[language]) for language in languages]
    best = min(best, time.perf_counter() - start)
print(f"load Python {best * 1e6:.4f}")

per_language = lookups // len(languages)
best = float("inf")
for _ in range(3):
    start = time.perf_counter()
    sink = 0
    for translation in translations:
        lookup = translation.gettext
        for index in range(per_language):
            sink += len(lookup(keys[index & 4095]))
    best = min(best, time.perf_counter() - start)
print(f"lookup Python {best * 1e6 / (per_language * len(languages)):.4f}")
