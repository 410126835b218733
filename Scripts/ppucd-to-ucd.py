#!/usr/bin/env python3
"""Writes the UCD files the Text conformance suites read, for an ICU whose Unicode version
has no Unicode Character Database on this machine, from that ICU's own preparsed UCD.

ICU's source ships the real UCD files for casing and normalization (UnicodeData.txt,
CaseFolding.txt, SpecialCasing.txt, NormalizationTest.txt: build-icu.sh copies those), but
for scripts, blocks, ages and emoji properties only `ppucd.txt`, the "preparsed UCD" that
ICU's preparseucd.py makes from the UCD release. Debian has the UCD only for other Unicode
versions (unicode-data 15.0 in bookworm, 15.1 in trixie, 17.0 in sid; ICU 76 is Unicode 16.0).

  python3 Scripts/ppucd-to-ucd.py PPUCD OUTDIR

writes OUTDIR/{Scripts,ScriptExtensions,Blocks,DerivedAge,PropertyValueAliases}.txt and
OUTDIR/emoji/emoji-data.txt in the UCD's own formats (only the fields the suites read:
`range ; value` lines and the `sc` value aliases). Checked by running it on ICU 72's ppucd.txt
and comparing with Debian's Unicode 15.0 files: the same value for every code point.

ppucd's layout (ICU's docs/ucd/ppucd.html): a `defaults` line, then `block` lines whose values
hold for the block's code points, `cp` lines (one code point or a range) that override their
block (`-Prop` turns off a binary property the block turns on), and `unassigned` lines that
start from the defaults (keeping the block) with their own overrides.
"""
import os
import sys

EMOJI = [("Emoji", "Emoji"), ("EPres", "Emoji_Presentation"), ("EMod", "Emoji_Modifier"),
         ("EBase", "Emoji_Modifier_Base"), ("EComp", "Emoji_Component"),
         ("ExtPict", "Extended_Pictographic")]
WANTED = {"sc", "scx", "blk", "age"} | {short for short, _ in EMOJI}


def parse_range(field):
    low, _, high = field.partition("..")
    return int(low, 16), int(high or low, 16)


def apply(props, fields):
    for field in fields:
        if "=" in field:
            key, value = field.split("=", 1)
            if key in WANTED:
                props[key] = value
        elif field.startswith("-"):
            if field[1:] in WANTED:
                props[field[1:]] = False
        elif field in WANTED:
            props[field] = True


def main():
    ppucd, out = sys.argv[1], sys.argv[2]
    version = None
    aliases = {}  # (property, short) -> long
    defaults = {}
    block = (None, None, {})  # range and values of the current block
    values = [None] * 0x110000  # per code point: a dict of the wanted properties
    with open(ppucd, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = line.split(";")
            kind = fields[0]
            if kind == "ucd":
                version = fields[1]
            elif kind == "value" and fields[1] in ("sc", "blk"):
                aliases[(fields[1], fields[2])] = fields[3] if len(fields) > 3 else fields[2]
            elif kind == "defaults":
                apply(defaults, fields[2:])
            elif kind == "block":
                low, high = parse_range(fields[1])
                props = dict(defaults)
                apply(props, fields[2:])
                block = (low, high, props)
                for c in range(low, high + 1):
                    values[c] = props
            elif kind in ("cp", "unassigned"):
                low, high = parse_range(fields[1])
                inside = block[0] is not None and block[0] <= low and high <= block[1]
                if kind == "cp":
                    props = dict(block[2] if inside else defaults)
                else:
                    props = dict(defaults)
                    if inside:
                        props["blk"] = block[2].get("blk", defaults.get("blk"))
                apply(props, fields[2:])
                for c in range(low, high + 1):
                    values[c] = props
    if version is None:
        sys.exit(f"{ppucd}: no `ucd;VERSION` line: not a ppucd.txt")
    for c in range(0x110000):
        if values[c] is None:
            values[c] = defaults

    def write(name, key, convert, skip):
        path = os.path.join(out, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(f"# {name}, Unicode {version}: derived from ICU's ppucd.txt by Scripts/ppucd-to-ucd.py\n")
            start = 0
            while start < 0x110000:
                value = convert(start, values[start].get(key))
                end = start
                while end + 1 < 0x110000 and convert(end + 1, values[end + 1].get(key)) == value:
                    end += 1
                if value is not None and value != skip:
                    span = f"{start:04X}" if start == end else f"{start:04X}..{end:04X}"
                    f.write(f"{span} ; {value}\n")
                start = end + 1

    long_script = lambda c, v: aliases.get(("sc", v), v)
    write("Scripts.txt", "sc", long_script, "Unknown")
    # scx: `<script>` (the default) means "the code point's own script": not listed.
    write("ScriptExtensions.txt", "scx",
          lambda c, v: None if v in (None, "<script>") else " ".join(sorted(v.split())), None)
    write("Blocks.txt", "blk",
          lambda c, v: aliases.get(("blk", v), v).replace("_", " ") if v else None, "No Block")
    write("DerivedAge.txt", "age", lambda c, v: None if v in (None, "NA") else v, None)
    with open(os.path.join(out, "PropertyValueAliases.txt"), "w", encoding="utf-8") as f:
        f.write(f"# PropertyValueAliases.txt (sc only), Unicode {version}: from ICU's ppucd.txt\n")
        for (prop, short), long in sorted(aliases.items()):
            if prop == "sc":
                f.write(f"sc ; {short} ; {long}\n")
    path = os.path.join(out, "emoji", "emoji-data.txt")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"# emoji-data.txt, Unicode {version}: derived from ICU's ppucd.txt\n")
        for short, long in EMOJI:
            start = 0
            while start < 0x110000:
                on = values[start].get(short) is True
                end = start
                while end + 1 < 0x110000 and (values[end + 1].get(short) is True) == on:
                    end += 1
                if on:
                    span = f"{start:04X}" if start == end else f"{start:04X}..{end:04X}"
                    f.write(f"{span} ; {long}\n")
                start = end + 1


if __name__ == "__main__":
    main()
