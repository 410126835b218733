#!/usr/bin/env python3
"""Generate CICU/icu_shims.h: ICU's C API with version-independent names and no ICU types.

System ICU renames every C function with its major version (`ubrk_open` is really
`ubrk_open_72`) through macros that Swift cannot see. For each function listed in
Scripts/icu-functions.txt this script reads the prototype from the installed ICU
headers and writes

  * a declaration of the versioned symbol, `U_ICU_ENTRY_POINT_RENAME(name)`, taken from
    <unicode/uvernum.h> (macros only), so the header builds against any ICU version, and
  * a `static inline` forwarder with the plain name (`ubrk_open`) that Swift calls.

Both use ICU-free but ABI-identical types: handles become distinct opaque structs
(`CICU_UBreakIterator *`), enums and `UErrorCode` become `int32_t`, `UChar` becomes
`uint16_t`, `UBool` `int8_t`. The module therefore declares no ICU type, so a Swift
client that also imports Foundation (which carries its own ICU 76 headers as
`_FoundationICU`) never sees two different definitions of `UErrorCode`.

Constants listed as `const NAME` are evaluated by compiling a small C program against
the installed headers and written as integer macros. ICU never renumbers the values of
its stable enums, so the generated header holds for ICU 70 and later.

Usage: python3 Scripts/gen-cicu-shims.py [--include-dir /usr/include] [--check]
  --check  exit 1 if the committed header differs from what would be generated.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIST = os.path.join(ROOT, "Scripts", "icu-functions.txt")
OUT = os.path.join(ROOT, "CICU", "icu_shims.h")

PROTO = re.compile(
    r"U_CAPI\s+(?P<ret>[^;{}()]*?)\s*U_EXPORT2\s+(?P<name>\w+)\s*\((?P<params>[^;{}]*?)\)\s*;",
    re.S,
)
SCALARS = {
    "void": "void", "char": "char", "double": "double", "float": "float", "size_t": "size_t",
    "int8_t": "int8_t", "uint8_t": "uint8_t", "int16_t": "int16_t", "uint16_t": "uint16_t",
    "int32_t": "int32_t", "uint32_t": "uint32_t", "int64_t": "int64_t", "uint64_t": "uint64_t",
    "UBool": "int8_t", "UChar": "uint16_t", "UChar32": "int32_t", "UDate": "double",
    "UErrorCode": "int32_t", "UBiDiLevel": "uint8_t", "va_list": "va_list",
}
# Plain-data ICU structs that the listed functions take by pointer, declared with
# ICU-free but ABI-identical members so Swift can read them.
STRUCTS = {
    "UParseError": "int32_t line; int32_t offset; uint16_t preContext[16]; uint16_t postContext[16];",
    "UFieldPosition": "int32_t field; int32_t beginIndex; int32_t endIndex;",
    "UIDNAInfo": "int16_t size; int8_t isTransitionalDifferent; int8_t reservedB3; uint32_t errors; int32_t reservedI2; int32_t reservedI3;",
}


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def split_params(params):
    out, depth, cur = [], 0, ""
    for ch in params:
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur)
    return [" ".join(p.split()) for p in out]


def load_headers(include_dir):
    protos, enums, structs, voidptrs, handles, functions = {}, set(), set(), set(), set(), set()
    udir = os.path.join(include_dir, "unicode")
    for fn in sorted(os.listdir(udir)):
        if not fn.endswith(".h"):
            continue
        with open(os.path.join(udir, fn), encoding="utf-8", errors="replace") as f:
            text = strip_comments(f.read())
        for m in PROTO.finditer(text):
            protos.setdefault(m.group("name"), (" ".join(m.group("ret").split()), split_params(m.group("params"))))
        enums.update(re.findall(r"typedef\s+enum\s+\w*\s*\{[^}]*\}\s*(\w+)\s*;", text, re.S))
        enums.update(re.findall(r"typedef\s+enum\s+\w+\s+(\w+)\s*;", text))
        structs.update(re.findall(r"typedef\s+struct\s+\w+\s+(\w+)\s*;", text))
        # Structs defined in place (UFieldPosition): passed by pointer only, as opaque.
        structs.update(re.findall(r"typedef\s+struct\s+\w*\s*\{[^}]*\}\s*(\w+)\s*;", text, re.S))
        # `typedef void *UCalendar;` handles: ICU passes them as `UCalendar *`, really a
        # pointer to its C++ object. They become distinct opaque structs like the others.
        handles.update(re.findall(r"typedef\s+(?:const\s+)?void\s*\*\s*(\w+)\s*;", text))
        # Function-pointer typedefs (ucnv's callbacks) are passed as `void *`: same ABI on
        # every supported platform, and Swift passes a @convention(c) function cast to it.
        voidptrs.update(re.findall(r"typedef\s+\w+\s*\(\s*U_EXPORT2\s*\*\s*(\w+)\s*\)\s*\(", text))
        # Function typedefs (`typedef uint32_t U_CALLCONV UCPMapValueFilter(…)`), passed as
        # `UCPMapValueFilter *`: a function pointer, so `void *` as well.
        functions.update(re.findall(r"typedef\s+\w+\s+U_CALLCONV\s+(\w+)\s*\(", text))
    return protos, enums, structs, voidptrs, handles, functions


class Mapper:
    def __init__(self, enums, structs, voidptrs, handles, functions):
        self.enums, self.structs, self.voidptrs, self.handles = enums, structs, voidptrs, handles
        self.functions = functions
        self.opaque, self.plain = set(), set()

    def type(self, decl):
        """Maps one C type (without a parameter name) to its ICU-free equivalent."""
        const = "const " if re.match(r"\s*const\b", decl) else ""
        base = re.sub(r"\b(const|struct)\b", " ", decl).replace("*", " ").split()
        stars = decl.count("*")
        if len(base) != 1:
            raise ValueError("unsupported type %r" % decl)
        name = base[0]
        if name == "UVersionInfo":
            return const + "uint8_t *"
        if name in SCALARS:
            mapped = SCALARS[name]
        elif name in self.enums:
            mapped = "int32_t"
        elif name in self.voidptrs:
            mapped, stars = "void", stars + 1
        elif name in self.functions and stars == 1:
            mapped = "void"
        elif name in self.handles:
            # `UCalendar *` is the handle (a pointer to ICU's object): same ABI as a
            # pointer to an opaque struct, so Swift sees an OpaquePointer, not `void **`.
            if stars == 0:
                mapped, stars = "void", 1
            else:
                mapped = "struct CICU_" + name
                self.opaque.add(name)
        elif name in STRUCTS:
            if stars == 0:
                raise ValueError("struct %s passed by value" % name)
            mapped = "struct CICU_" + name
            self.plain.add(name)
        elif name in self.structs:
            if stars == 0:
                raise ValueError("struct %s passed by value" % name)
            mapped = "struct CICU_" + name
            self.opaque.add(name)
        else:
            raise ValueError("unknown ICU type %r" % name)
        return (const + mapped + " " + "*" * stars).strip()

    def param(self, param):
        """(ICU-free declaration, argument name) of one parameter."""
        is_array = bool(re.search(r"\[\s*\]$", param))
        param = re.sub(r"\s*\[\s*\]$", "", param)  # arrays decay to pointers
        m = re.match(r"^(.*?)(\w+)$", param)
        if not m or not m.group(1).strip() or m.group(1).strip() == "const":
            raise ValueError("cannot parse parameter %r" % param)
        ctype = m.group(1).strip()
        if is_array:
            ctype += " *"
        name = m.group(2)
        return self.type(ctype) + " " + name, name


def read_list():
    functions, constants = [], []
    with open(LIST, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line.startswith("const "):
                constants.append(line.split()[1])
            elif line:
                functions.append(line)
    # Sections written by different capabilities may list the same name: keep the first.
    return list(dict.fromkeys(functions)), list(dict.fromkeys(constants))


def constant_values(include_dir, names):
    if not names:
        return {}
    src = ["#include <stdio.h>", "#include <unicode/utypes.h>"]
    for h in sorted(os.listdir(os.path.join(include_dir, "unicode"))):
        if h.startswith(("u", "ucol", "ubrk")) and h.endswith(".h") and h not in ("urename.h",):
            src.append("#include <unicode/%s>" % h)
    src.append("int main(void) {")
    src += ['  printf("%%s %%lld\\n", "%s", (long long)(%s));' % (n, n) for n in names]
    src.append("  return 0; }")
    with tempfile.TemporaryDirectory() as d:
        c, exe = os.path.join(d, "k.c"), os.path.join(d, "k")
        with open(c, "w") as f:
            f.write("\n".join(src) + "\n")
        subprocess.run(["cc", "-I", include_dir, "-w", c, "-o", exe], check=True)
        out = subprocess.run([exe], check=True, capture_output=True, text=True).stdout
    return dict(line.split() for line in out.splitlines())


def generate(include_dir):
    functions, constants = read_list()
    protos, enums, structs, voidptrs, handles, functypes = load_headers(include_dir)
    missing = [n for n in functions if n not in protos]
    if missing:
        sys.exit("gen-cicu-shims: no prototype found for: " + ", ".join(missing))
    mapper = Mapper(enums, structs, voidptrs, handles, functypes)
    body = []
    for n in functions:
        ret, params = protos[n]
        if params in ([], ["void"]):
            decls, args = ["void"], []
        else:
            pairs = [mapper.param(p) for p in params]
            decls, args = [p[0] for p in pairs], [p[1] for p in pairs]
        rtype = mapper.type(ret)
        call = "U_ICU_ENTRY_POINT_RENAME(%s)(%s)" % (n, ", ".join(args))
        body += [
            "%s U_ICU_ENTRY_POINT_RENAME(%s)(%s);" % (rtype, n, ", ".join(decls)),
            "static inline %s %s(%s) {" % (rtype, n, ", ".join(decls)),
            "  %s%s;" % ("" if rtype == "void" else "return ", call),
            "}",
            "",
        ]
    values = constant_values(include_dir, constants)
    lines = [
        "// Generated by Scripts/gen-cicu-shims.py from Scripts/icu-functions.txt. Do not edit.",
        "// ICU's C API with version-independent names and ICU-free (ABI-identical) types:",
        "// each forwarder calls U_ICU_ENTRY_POINT_RENAME(name), the versioned symbol of the",
        "// installed ICU. No ICU header other than <unicode/uvernum.h> (macros only) is included.",
        "#ifndef CICU_ICU_SHIMS_H",
        "#define CICU_ICU_SHIMS_H",
        "",
        "#include <stddef.h>",
        "#include <stdarg.h>",
        "#include <stdint.h>",
        "#include <unicode/uvernum.h>",
        "",
        "// Opaque ICU handles.",
    ]
    lines += ["struct CICU_%s;" % s for s in sorted(mapper.opaque)]
    lines += ["", "// Plain-data ICU structs (same layout as ICU's)."]
    lines += ["struct CICU_%s { %s };" % (s, STRUCTS[s]) for s in sorted(mapper.plain)]
    lines += ["", "// Constants (values of ICU's stable enums and macros)."]
    lines += ["#define %s (%s)" % (n, values[n]) for n in constants]
    lines += [""] + body + ["#endif"]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--include-dir", default="/usr/include")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    text = generate(args.include_dir)
    if args.check:
        with open(OUT, encoding="utf-8") as f:
            if f.read() != text:
                sys.exit("gen-cicu-shims: CICU/icu_shims.h is stale; run Scripts/gen-cicu-shims.py")
        return
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()
