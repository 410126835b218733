/* segment UNIT LOCALE FILE [words]: what `icukit segment --by UNIT --locale LOCALE
   --format count [--words-only]` does, in raw ICU: the file read whole, UTF-8 to UTF-16,
   one break iterator, the segments counted. */
#include "common.h"
#include <unicode/ubrk.h>
#include <unicode/ustring.h>

int main(int argc, char **argv) {
    if (argc < 4) return 64;
    UBreakIteratorType type = !strcmp(argv[1], "grapheme") ? UBRK_CHARACTER : !strcmp(argv[1], "word") ? UBRK_WORD
        : !strcmp(argv[1], "sentence") ? UBRK_SENTENCE : UBRK_LINE;
    int wordsOnly = argc > 4;
    int32_t units = 0;
    UChar *text = read_utf16(argv[3], &units);
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(type, argv[2], text, units, &status);
    check(status, "ubrk_open");
    long count = 0;
    for (int32_t boundary = ubrk_next(iterator); boundary != UBRK_DONE; boundary = ubrk_next(iterator)) {
        if (!wordsOnly || ubrk_getRuleStatus(iterator) >= UBRK_WORD_NONE_LIMIT) count++;
    }
    printf("%ld\n", count);
    ubrk_close(iterator);
    return 0;
}
