// The language model's bytes, embedded as they are (no decoding at start-up): the
// assembler's .incbin reads LanguageModel.c.bin, the file beside this one, written by
// Scripts/build-language-models.py. __FILE__ is this file's path as the build passes it
// (SwiftPM passes absolute paths), so the blob is found wherever the package is.
// After regenerating the blob, touch this file so that it is rebuilt.
#include "CICULanguageModel.h"

#if defined(__APPLE__)
#define ICUKIT_RODATA ".const_data\n"
#define ICUKIT_SYMBOL(name) "_" name
#else
#define ICUKIT_RODATA ".section .rodata\n"
#define ICUKIT_SYMBOL(name) name
#endif

__asm__(ICUKIT_RODATA
        ".balign 64\n"
        ICUKIT_SYMBOL("icukit_language_model_start") ":\n"
        ".incbin \"" __FILE__ ".bin\"\n"
        ICUKIT_SYMBOL("icukit_language_model_end") ":\n"
        ".byte 0\n"
        ".text\n");

extern const unsigned char icukit_language_model_start[];
extern const unsigned char icukit_language_model_end[];

const unsigned char *icukit_language_model(unsigned long *count) {
    *count = (unsigned long)(icukit_language_model_end - icukit_language_model_start);
    return icukit_language_model_start;
}
