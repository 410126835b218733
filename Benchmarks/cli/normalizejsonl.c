/* normalizejsonl FORM FILE: what `icukit normalize --form FORM --jsonl --jobs 1` does, in raw
   ICU: each line a JSON string, unescaped to UTF-8, converted to UTF-16, normalized with one
   UNormalizer2 (nfc, nfd, nfkc, nfkd, nfkc-casefold), converted back to UTF-8 and written as a
   JSON string (`"` and `\` escaped, controls as \n \t \r or \u00XX, as icukit writes them),
   one line per record, through stdio's buffer. */
#include "common.h"
#include <unicode/unorm2.h>

static char *put_json(char *out, const char *s, int32_t n) {
    static const char digits[] = "0123456789abcdef";
    *out++ = '"';
    for (int32_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') { *out++ = '\\'; *out++ = (char)c; }
        else if (c == '\n') { *out++ = '\\'; *out++ = 'n'; }
        else if (c == '\t') { *out++ = '\\'; *out++ = 't'; }
        else if (c == '\r') { *out++ = '\\'; *out++ = 'r'; }
        else if (c < 0x20) { memcpy(out, "\\u00", 4); out += 4; *out++ = digits[c >> 4]; *out++ = digits[c & 15]; }
        else *out++ = (char)c;
    }
    *out++ = '"';
    *out++ = '\n';
    return out;
}

int main(int argc, char **argv) {
    if (argc < 3) return 64;
    UErrorCode status = U_ZERO_ERROR;
    const char *form = argv[1];
    const UNormalizer2 *normalizer = !strcmp(form, "nfc") ? unorm2_getNFCInstance(&status)
        : !strcmp(form, "nfd") ? unorm2_getNFDInstance(&status)
        : !strcmp(form, "nfkc") ? unorm2_getNFKCInstance(&status)
        : !strcmp(form, "nfkd") ? unorm2_getNFKDInstance(&status)
        : unorm2_getNFKCCasefoldInstance(&status);
    check(status, "unorm2_get*Instance");
    size_t length;
    char *bytes = read_all(argv[2], &length);
    /* NFKC can grow a text up to 18x (U+FDFA); the inputs here are prose, 4x is plenty. */
    size_t room = 4 * length + 64;
    char *utf8 = malloc(room), *result = malloc(room), *json = malloc(6 * room);
    UChar *utf16 = malloc(sizeof(UChar) * room), *normalized = malloc(sizeof(UChar) * room);
    const char *end = bytes + length;
    for (const char *line = bytes; line < end;) {
        const char *newline = memchr(line, '\n', (size_t)(end - line));
        if (!newline) newline = end;
        int32_t n = unescape(line, newline, utf8), units = 0, normalizedUnits, resultBytes = 0;
        u_strFromUTF8(utf16, (int32_t)room, &units, utf8, n, &status);
        check(status, "u_strFromUTF8");
        normalizedUnits = unorm2_normalize(normalizer, utf16, units, normalized, (int32_t)room, &status);
        check(status, "unorm2_normalize");
        u_strToUTF8(result, (int32_t)room, &resultBytes, normalized, normalizedUnits, &status);
        check(status, "u_strToUTF8");
        char *stop = put_json(json, result, resultBytes);
        fwrite(json, 1, (size_t)(stop - json), stdout);
        line = newline + 1;
    }
    return 0;
}
