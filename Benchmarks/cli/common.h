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

/* JSON Lines input, for the --jsonl peers. */
static inline int hex(char c) {
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Appends code point c as UTF-8. */
static inline char *put_utf8(char *out, unsigned c) {
    if (c < 0x80) { *out++ = (char)c; }
    else if (c < 0x800) { *out++ = (char)(0xC0 | c >> 6); *out++ = (char)(0x80 | (c & 0x3F)); }
    else if (c < 0x10000) { *out++ = (char)(0xE0 | c >> 12); *out++ = (char)(0x80 | (c >> 6 & 0x3F)); *out++ = (char)(0x80 | (c & 0x3F)); }
    else { *out++ = (char)(0xF0 | c >> 18); *out++ = (char)(0x80 | (c >> 12 & 0x3F)); *out++ = (char)(0x80 | (c >> 6 & 0x3F)); *out++ = (char)(0x80 | (c & 0x3F)); }
    return out;
}

/* Unescapes the JSON string in [p, end) (quotes included) into out; returns its length. */
static inline int32_t unescape(const char *p, const char *end, char *out) {
    char *start = out;
    while (p < end && *p != '"') p++;
    for (p++; p < end && *p != '"'; p++) {
        if (*p != '\\') { *out++ = *p; continue; }
        p++;
        switch (*p) {
        case 'n': *out++ = '\n'; break;
        case 't': *out++ = '\t'; break;
        case 'r': *out++ = '\r'; break;
        case 'b': *out++ = '\b'; break;
        case 'f': *out++ = '\f'; break;
        case 'u': {
            unsigned c = (unsigned)(hex(p[1]) << 12 | hex(p[2]) << 8 | hex(p[3]) << 4 | hex(p[4]));
            p += 4;
            if (c >= 0xD800 && c < 0xDC00 && p[1] == '\\' && p[2] == 'u') {
                unsigned low = (unsigned)(hex(p[3]) << 12 | hex(p[4]) << 8 | hex(p[5]) << 4 | hex(p[6]));
                c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
                p += 6;
            }
            out = put_utf8(out, c);
            break;
        }
        default: *out++ = *p;  /* \" \\ \/ */
        }
    }
    return (int32_t)(out - start);
}
