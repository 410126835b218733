// The text fast paths' tables (normalization, case mapping), embedded as they are from
// TextTables.c.bin, the file beside this one, written by Scripts/build-text-tables.sh from
// the ICU the package builds against. Constant data: the kernel maps the pages a process
// reads, nothing runs at start-up. ICUKit uses them only when the running ICU has the
// Unicode and ICU versions written in the bytes' header (PrebuiltTextTables.swift).
#include "CICUTextTables.h"

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc23-extensions"
static const unsigned char tables[] __attribute__((aligned(64))) = {
#embed "TextTables.c.bin"
};
#pragma clang diagnostic pop

const unsigned char *icukit_text_tables(size_t *count) {
    *count = sizeof tables;
    return tables;
}
