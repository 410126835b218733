/* Shared by the raw-ICU peers of Benchmarks/cli-bench.sh: read a whole file, die on error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/utypes.h>
#include <unicode/ustring.h>

static void check(UErrorCode status, const char *what) {
    if (U_FAILURE(status)) { fprintf(stderr, "%s: %s\n", what, u_errorName(status)); exit(70); }
}

static char *read_all(const char *path, size_t *length) {
    FILE *file = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!file) { perror(path); exit(66); }
    size_t capacity = 1 << 20, used = 0;
    char *bytes = malloc(capacity);
    size_t got;
    while ((got = fread(bytes + used, 1, capacity - used, file)) > 0) {
        used += got;
        if (used == capacity) bytes = realloc(bytes, capacity *= 2);
    }
    *length = used;
    return bytes;
}

/* The whole file (valid UTF-8) as UTF-16, as a C caller of ICU needs it. */
static inline UChar *read_utf16(const char *path, int32_t *units) {
    size_t length;
    char *bytes = read_all(path, &length);
    UErrorCode status = U_ZERO_ERROR;
    u_strFromUTF8(NULL, 0, units, bytes, (int32_t)length, &status);
    status = U_ZERO_ERROR;
    UChar *text = malloc(sizeof(UChar) * (*units + 1));
    u_strFromUTF8(text, *units + 1, units, bytes, (int32_t)length, &status);
    check(status, "u_strFromUTF8");
    free(bytes);
    return text;
}
