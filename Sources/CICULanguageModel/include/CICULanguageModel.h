#ifndef CICU_LANGUAGE_MODEL_H
#define CICU_LANGUAGE_MODEL_H

/// The language-recognition model's bytes (built by Scripts/build-language-models.py),
/// stored in the executable's read-only data; `*count` receives their length.
const unsigned char *icukit_language_model(unsigned long *count);

#endif
