#!/usr/bin/env python3
"""Writes the `strings check` benchmark input: one String Catalog of KEYS keys in 10
languages (en source + 9 translations; a fifth of the keys plural, some with positional
arguments, a few seeded mistakes) and the same messages as 9 gettext .po files (c-format,
msgid = the English text), so `icukit strings check` and `msgfmt -c` check the same content.

Usage: generate-check-input.py OUT_FOLDER [KEYS]   (default 5000; deterministic)
"""
import json, os, random, sys

out = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
rng = random.Random(34)
languages = ["de", "fr", "es", "it", "pt", "ru", "pl", "ja", "ar"]
# CLDR categories whole numbers reach, and the gettext rule with the same forms.
plural_forms = {
    "de": (["one", "other"], "nplurals=2; plural=(n != 1);"),
    "fr": (["one", "other"], "nplurals=2; plural=(n > 1);"),
    "es": (["one", "other"], "nplurals=2; plural=(n != 1);"),
    "it": (["one", "other"], "nplurals=2; plural=(n != 1);"),
    "pt": (["one", "other"], "nplurals=2; plural=(n != 1);"),
    "ru": (["one", "few", "many"], "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"),
    "pl": (["one", "few", "many"], "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"),
    "ja": (["other"], "nplurals=1; plural=0;"),
    "ar": (["zero", "one", "two", "few", "many", "other"],
           "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);"),
}
words = "file folder item message window document setting account photo song".split()


def unit(value, state="translated"):
    return {"stringUnit": {"state": state, "value": value}}


strings = {}
po = {language: [] for language in languages}
for index in range(count):
    word = words[index % len(words)]
    kind = index % 5
    if kind == 0:  # plural
        key = f"%lld {word}s {index}"
        localizations = {"en": {"variations": {"plural": {"one": unit(f"%lld {word} {index}"), "other": unit(f"%lld {word}s {index}")}}}}
        for language in languages:
            categories = plural_forms[language][0]
            cases = {c: unit(f"%lld {language}-{word}-{c} {index}") for c in categories}
            cases.setdefault("other", unit(f"%lld {language}-{word}s {index}"))
            if rng.random() < 0.01:
                cases[categories[-1]] = unit(f"%@ {language}-{word} {index}")  # seeded type mistake
            localizations[language] = {"variations": {"plural": cases}}
            forms = [cases[c]["stringUnit"]["value"] for c in categories] if language != "ar" else [cases[c]["stringUnit"]["value"] for c in categories]
            po[language].append((f"%lld {word} {index}", f"%lld {word}s {index}", forms))
        strings[key] = {"localizations": localizations}
    else:
        if kind == 1:
            key = f"%1$@ moved %2$lld {word}s ({index})"
            text = lambda language: f"%1$@ {language} %2$lld {word} ({index})"
        elif kind == 2:
            key = f"Open %@ {index}"
            text = lambda language: f"{language} %@ {word} {index}"
        else:
            key = f"The {word} number {index}"
            text = lambda language: f"{language} {word} {index}"
        localizations = {}
        for language in languages:
            value = text(language)
            if rng.random() < 0.005:
                value = value.replace("%@", "%lld")  # seeded type mistake
            localizations[language] = unit(value, "needs_review" if rng.random() < 0.01 else "translated")
            po[language].append((key, None, value))
        strings[key] = {"localizations": localizations}

os.makedirs(out + "/po", exist_ok=True)
with open(out + "/Localizable.xcstrings", "w", encoding="utf-8") as f:
    json.dump({"sourceLanguage": "en", "strings": strings, "version": "1.0"}, f, ensure_ascii=False, indent=2, separators=(",", " : "))


def quote(text):
    text = text.replace("%@", "%s").replace("$@", "$s")  # C's string conversion for gettext
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


for language in languages:
    with open(f"{out}/po/{language}.po", "w", encoding="utf-8") as f:
        f.write('msgid ""\nmsgstr ""\n"Project-Id-Version: bench 1.0\\n"\n"PO-Revision-Date: 2026-01-01 00:00+0000\\n"\n'
                '"Last-Translator: bench\\n"\n"Language-Team: bench\\n"\n'
                f'"Language: {language}\\n"\n"MIME-Version: 1.0\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                f'"Content-Transfer-Encoding: 8bit\\n"\n"Plural-Forms: {plural_forms[language][1]}\\n"\n\n')
        for msgid, plural, value in po[language]:
            flag = "#, c-format\n" if "%" in msgid else ""
            if plural is None:
                f.write(f"{flag}msgid {quote(msgid)}\nmsgstr {quote(value)}\n\n")
            else:
                f.write(f"{flag}msgid {quote(msgid)}\nmsgid_plural {quote(plural)}\n")
                for i, form in enumerate(value):
                    f.write(f"msgstr[{i}] {quote(form)}\n")
                f.write("\n")
