// CICU: the system ICU, seen from Swift with version-independent names and without
// ICU's own type definitions (see Scripts/gen-cicu-shims.py and ARCHITECTURE.md).
#ifndef CICU_SHIM_H
#define CICU_SHIM_H

#include "icu_shims.h"

#endif
