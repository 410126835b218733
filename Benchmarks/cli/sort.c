/* sort LOCALE FILE: what `icukit sort --locale LOCALE` does, in raw ICU: lines split at
   LF, one sort key per line (ucol_getSortKey on UTF-16), keys sorted (stable), lines written. */
#include "common.h"
#include <unicode/ucol.h>
#include <unicode/ustring.h>

typedef struct { const uint8_t *key; const char *line; int32_t length; size_t index; } Entry;

static int compare(const void *a, const void *b) {
    const Entry *x = a, *y = b;
    int result = strcmp((const char *)x->key, (const char *)y->key);
    return result ? result : (x->index < y->index ? -1 : 1);
}

int main(int argc, char **argv) {
    if (argc < 3) return 64;
    size_t length;
    char *bytes = read_all(argv[2], &length);
    UErrorCode status = U_ZERO_ERROR;
    UCollator *collator = ucol_open(argv[1], &status);
    check(status, "ucol_open");
    size_t capacity = 1024, count = 0;
    Entry *entries = malloc(sizeof(Entry) * capacity);
    UChar units[4096];
    uint8_t key[16384];
    for (size_t start = 0; start < length;) {
        char *newline = memchr(bytes + start, '\n', length - start);
        size_t end = newline ? (size_t)(newline - bytes) : length;
        int32_t lineLength = (int32_t)(end - start - (end > start && bytes[end - 1] == '\r'));
        int32_t unitCount = 0;
        status = U_ZERO_ERROR;
        u_strFromUTF8Lenient(units, 4096, &unitCount, bytes + start, lineLength, &status);
        check(status, "u_strFromUTF8");
        int32_t keyLength = ucol_getSortKey(collator, units, unitCount, key, sizeof key);
        if (count == capacity) entries = realloc(entries, sizeof(Entry) * (capacity *= 2));
        uint8_t *copy = malloc(keyLength);
        memcpy(copy, key, keyLength);
        entries[count] = (Entry){ copy, bytes + start, lineLength, count };
        count++;
        start = end + 1;
    }
    qsort(entries, count, sizeof(Entry), compare);
    for (size_t i = 0; i < count; i++) {
        fwrite(entries[i].line, 1, entries[i].length, stdout);
        putc_unlocked('\n', stdout);
    }
    ucol_close(collator);
    return 0;
}
