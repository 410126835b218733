/* Shared by the raw-ICU peers of Benchmarks/cli-bench.sh: read a whole file, die on error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/utypes.h>

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
