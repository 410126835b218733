/* segmentjsonl UNIT LOCALE FILE: what `icukit segment --by UNIT --locale LOCALE --format count
   --jsonl --jobs 1` does, in raw ICU: each line a JSON string, unescaped to UTF-8, converted
   to UTF-16, one reused break iterator, its segments counted and printed one line per record.
   Malformed lines are not checked beyond what the unescaping needs (the inputs are made by
   cli-bench.sh with json.dumps). */
#include "common.h"
#include <unicode/ubrk.h>
#include <unicode/ustring.h>

static int hex(char c) {
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Appends code point c as UTF-8. */
static char *put_utf8(char *out, unsigned c) {
    if (c < 0x80) { *out++ = (char)c; }
    else if (c < 0x800) { *out++ = (char)(0xC0 | c >> 6); *out++ = (char)(0x80 | (c & 0x3F)); }
    else if (c < 0x10000) { *out++ = (char)(0xE0 | c >> 12); *out++ = (char)(0x80 | (c >> 6 & 0x3F)); *out++ = (char)(0x80 | (c & 0x3F)); }
    else { *out++ = (char)(0xF0 | c >> 18); *out++ = (char)(0x80 | (c >> 12 & 0x3F)); *out++ = (char)(0x80 | (c >> 6 & 0x3F)); *out++ = (char)(0x80 | (c & 0x3F)); }
    return out;
}

/* Unescapes the JSON string in [p, end) (quotes included) into out; returns its length. */
static int32_t unescape(const char *p, const char *end, char *out) {
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
