#ifndef CICU_LANGUAGE_MODEL_H
#define CICU_LANGUAGE_MODEL_H

#include <stddef.h>

/// The language-recognition model's bytes (built by Scripts/build-language-models.py),
/// in the executable's data; `*count` receives their length.
const unsigned char *icukit_language_model(size_t *count);

#endif
