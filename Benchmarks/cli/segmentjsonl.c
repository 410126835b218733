/* segmentjsonl UNIT LOCALE FILE: what `icukit segment --by UNIT --locale LOCALE --format count
   --jsonl --jobs 1` does, in raw ICU: each line a JSON string, unescaped to UTF-8, converted
   to UTF-16, one reused break iterator, its segments counted and printed one line per record.
   Malformed lines are not checked beyond what the unescaping needs (the inputs are made by
   cli-bench.sh with json.dumps). */
#include "common.h"
#include <unicode/ubrk.h>
#include <unicode/ustring.h>

int main(int argc, char **argv) {
    if (argc < 4) return 64;
    UBreakIteratorType type = !strcmp(argv[1], "grapheme") ? UBRK_CHARACTER : !strcmp(argv[1], "word") ? UBRK_WORD
        : !strcmp(argv[1], "sentence") ? UBRK_SENTENCE : UBRK_LINE;
    size_t length;
    char *bytes = read_all(argv[3], &length);
    char *utf8 = malloc(length + 4);
    UChar *utf16 = malloc(sizeof(UChar) * (length + 4));
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(type, argv[2], NULL, 0, &status);
    check(status, "ubrk_open");
    const char *end = bytes + length;
    for (const char *line = bytes; line < end;) {
        const char *newline = memchr(line, '\n', (size_t)(end - line));
        if (!newline) newline = end;
        int32_t n = unescape(line, newline, utf8), units = 0;
        u_strFromUTF8(utf16, (int32_t)length + 4, &units, utf8, n, &status);
        check(status, "u_strFromUTF8");
        ubrk_setText(iterator, utf16, units, &status);
        check(status, "ubrk_setText");
        long count = 0;
        for (int32_t boundary = ubrk_next(iterator); boundary != UBRK_DONE; boundary = ubrk_next(iterator)) count++;
        printf("%ld\n", count);
        line = newline + 1;
    }
    ubrk_close(iterator);
    return 0;
}
