// The language model's bytes, embedded as they are (no decoding at start-up) from
// LanguageModel.c.bin, the file beside this one, written by Scripts/build-language-models.py.
// #embed (C23; clang 19 and later, which Swift 6.1+ toolchains bring) finds the file relative
// to this one wherever the package is, and the compiler lists it as a dependency, so a new
// blob rebuilds this file.
#include "CICULanguageModel.h"

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc23-extensions"
static const unsigned char model[] = {
#embed "LanguageModel.c.bin"
};
#pragma clang diagnostic pop

const unsigned char *icukit_language_model(size_t *count) {
    *count = sizeof model;
    return model;
}
