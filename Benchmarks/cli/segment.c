/* segment UNIT LOCALE FILE [words|json|text]: what `icukit segment --by UNIT --locale LOCALE
   FILE` does in raw ICU with `--format count` (the default here), `--format count
   --words-only` (words), `--format json` or `--format text`: the file read whole, UTF-8 to
   UTF-16, one break iterator; json prints the UTF-8 offsets of the boundaries and the word
   kinds, text each segment on its own line with line terminators escaped, as icukit does. */
#include "common.h"
#include <unicode/ubrk.h>
#include <unicode/ustring.h>

static const char *kind(int32_t status, UBreakIteratorType type) {
    if (type == UBRK_WORD) {
        return status < 100 ? "none" : status < 200 ? "number" : status < 300 ? "letter" : status < 400 ? "kana" : "ideographic";
    }
    if (type == UBRK_LINE) return status < 100 ? "soft" : "hard";
    return status < 100 ? "terminator" : "separator";
}

/* The segment's bytes on one line, line terminators escaped (icukit's appendVisible). */
static void visible(const unsigned char *p, size_t n) {
    size_t run = 0;
    for (size_t i = 0; i < n;) {
        const char *escape = NULL;
        size_t length = 1;
        if (p[i] == 0x0A) escape = "\\n";
        else if (p[i] == 0x0D) escape = "\\r";
        else if (p[i] == 0x0B) escape = "\\u{B}";
        else if (p[i] == 0x0C) escape = "\\u{C}";
        else if (p[i] == 0xC2 && i + 1 < n && p[i + 1] == 0x85) { escape = "\\u{85}"; length = 2; }
        else if (p[i] == 0xE2 && i + 2 < n && p[i + 1] == 0x80 && (p[i + 2] == 0xA8 || p[i + 2] == 0xA9)) {
            escape = p[i + 2] == 0xA8 ? "\\u{2028}" : "\\u{2029}";
            length = 3;
        }
        if (escape) {
            fwrite(p + run, 1, i - run, stdout);
            fputs(escape, stdout);
            i += length;
            run = i;
        } else {
            i++;
        }
    }
    fwrite(p + run, 1, n - run, stdout);
    putchar('\n');
}

int main(int argc, char **argv) {
    if (argc < 4) return 64;
    UBreakIteratorType type = !strcmp(argv[1], "grapheme") ? UBRK_CHARACTER : !strcmp(argv[1], "word") ? UBRK_WORD
        : !strcmp(argv[1], "sentence") ? UBRK_SENTENCE : UBRK_LINE;
    const char *mode = argc > 4 ? argv[4] : "count";
    static char buffer[1 << 16];
    setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
    size_t length;
    char *bytes = read_all(argv[3], &length);
    int32_t units = 0;
    UErrorCode status = U_ZERO_ERROR;
    u_strFromUTF8(NULL, 0, &units, bytes, (int32_t)length, &status);
    status = U_ZERO_ERROR;
    UChar *text = malloc(sizeof(UChar) * (units + 1));
    u_strFromUTF8(text, units + 1, &units, bytes, (int32_t)length, &status);
    check(status, "u_strFromUTF8");
    UBreakIterator *iterator = ubrk_open(type, argv[2], text, units, &status);
    check(status, "ubrk_open");
    if (!strcmp(mode, "json") || !strcmp(mode, "text")) {
        int json = !strcmp(mode, "json");
        /* UTF-8 offsets: walk the UTF-16 units from one boundary to the next. */
        int32_t u16 = 0;
        size_t u8 = 0, start = 0, kinds = 0, capacity = 1 << 16;
        const char **names = malloc(sizeof(char *) * capacity);
        if (json) fputs("{\"boundaries\":[0", stdout);
        for (int32_t boundary = ubrk_next(iterator); boundary != UBRK_DONE; boundary = ubrk_next(iterator)) {
            while (u16 < boundary) {
                UChar c = text[u16];
                if (c < 0x80) { u8 += 1; u16 += 1; }
                else if (c < 0x800) { u8 += 2; u16 += 1; }
                else if (U16_IS_LEAD(c) && u16 + 1 < units) { u8 += 4; u16 += 2; }
                else { u8 += 3; u16 += 1; }
            }
            if (json) {
                printf(",%zu", u8);
                if (type != UBRK_CHARACTER) {
                    if (kinds == capacity) names = realloc(names, sizeof(char *) * (capacity *= 2));
                    names[kinds++] = kind(ubrk_getRuleStatus(iterator), type);
                }
            } else {
                visible((const unsigned char *)bytes + start, u8 - start);
            }
            start = u8;
        }
        if (json) {
            putchar(']');
            if (type != UBRK_CHARACTER) {
                fputs(",\"kinds\":[", stdout);
                for (size_t i = 0; i < kinds; i++) printf(i ? ",\"%s\"" : "\"%s\"", names[i]);
                putchar(']');
            }
            fputs("}\n", stdout);
        }
    } else {
        int wordsOnly = !strcmp(mode, "words");
        long count = 0;
        for (int32_t boundary = ubrk_next(iterator); boundary != UBRK_DONE; boundary = ubrk_next(iterator)) {
            if (!wordsOnly || ubrk_getRuleStatus(iterator) >= UBRK_WORD_NONE_LIMIT) count++;
        }
        printf("%ld\n", count);
    }
    ubrk_close(iterator);
    fflush(stdout);
    return 0;
}
