/* bidi FILE: what `icukit bidi --format visual FILE` does, in raw ICU: the file read whole,
   UTF-8 to UTF-16, each line a paragraph (ubidi_setPara, direction from the first strong
   character), written in visual order with brackets mirrored, bidi controls removed and combining marks kept after their base,
   back to UTF-8. */
#include "common.h"
#include <unicode/ubidi.h>
#include <unicode/ustring.h>

int main(int argc, char **argv) {
    if (argc < 2) return 64;
    int32_t units = 0;
    UChar *text = read_utf16(argv[1], &units);
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_open();
    int32_t capacity = 1 << 16;
    UChar *visual = malloc(sizeof(UChar) * capacity);
    char *out = malloc(3 * capacity + 1);
    int32_t start = 0;
    while (start < units) {
        int32_t end = start;
        while (end < units && text[end] != '\n') end++;
        int32_t lineLength = end - start;
        if (lineLength > capacity) {
            capacity = lineLength;
            visual = realloc(visual, sizeof(UChar) * capacity);
            out = realloc(out, 3 * capacity + 1);
        }
        ubidi_setPara(bidi, text + start, lineLength, UBIDI_DEFAULT_LTR, NULL, &status);
        check(status, "ubidi_setPara");
        int32_t visualLength = ubidi_writeReordered(bidi, visual, capacity, UBIDI_DO_MIRRORING | UBIDI_REMOVE_BIDI_CONTROLS | UBIDI_KEEP_BASE_COMBINING, &status);
        check(status, "ubidi_writeReordered");
        int32_t outLength = 0;
        u_strToUTF8(out, 3 * capacity + 1, &outLength, visual, visualLength, &status);
        check(status, "u_strToUTF8");
        fwrite(out, 1, outLength, stdout);
        fputc('\n', stdout);
        start = end + 1;
    }
    ubidi_close(bidi);
    return 0;
}
