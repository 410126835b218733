#ifndef CICU_TEXT_TABLES_H
#define CICU_TEXT_TABLES_H

#include <stddef.h>

/// The normalization and case-mapping tables' bytes (built by Scripts/build-text-tables.sh),
/// in the executable's constant data, 64-byte aligned; `*count` receives their length.
const unsigned char *icukit_text_tables(size_t *count);

#endif
