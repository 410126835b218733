/* bidijson FILE: what `icukit bidi --format json FILE` does, in raw ICU, for text whose
   paragraphs end at LF (the benchmark's corpora): the file read whole, UTF-8 to UTF-16; per
   paragraph (its LF included) ubidi_setPara (direction from the first strong character),
   the levels per scalar, their visual order (ubidi_reorderVisual) and the visual runs with
   UTF-8 offsets, printed as one JSON object per paragraph. */
#include "common.h"
#include <unicode/ubidi.h>
#include <unicode/ustring.h>

int main(int argc, char **argv) {
    if (argc < 2) return 64;
    static char buffer[1 << 16];
    setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
    int32_t units = 0;
    UChar *text = read_utf16(argv[1], &units);
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_open();
    UBiDiLevel *levels = malloc(units + 1);
    int32_t *map = malloc(sizeof(int32_t) * (units + 1));
    int32_t *utf8At = malloc(sizeof(int32_t) * (units + 1));  /* UTF-8 offset of each unit */
    size_t documentOffset = 0;
    for (int32_t start = 0; start < units;) {
        int32_t end = start;
        while (end < units && text[end] != '\n') end++;
        if (end < units) end++;
        int32_t length = end - start;
        ubidi_setPara(bidi, text + start, length, UBIDI_DEFAULT_LTR, NULL, &status);
        check(status, "ubidi_setPara");
        const UBiDiLevel *unitLevels = ubidi_getLevels(bidi, &status);
        check(status, "ubidi_getLevels");
        int32_t scalars = 0, u8 = 0;
        for (int32_t i = 0; i < length;) {
            UChar c = text[start + i];
            int pair = U16_IS_LEAD(c) && i + 1 < length;
            levels[scalars++] = unitLevels[i];
            utf8At[i] = u8;
            if (pair) utf8At[i + 1] = u8;
            u8 += c < 0x80 ? 1 : c < 0x800 ? 2 : pair ? 4 : 3;
            i += pair ? 2 : 1;
        }
        utf8At[length] = u8;
        UBiDiLevel paragraphLevel = ubidi_getParaLevel(bidi);
        printf("{\"direction\":\"%s\",\"paragraphLevel\":%d,\"levels\":[", paragraphLevel & 1 ? "rtl" : "ltr", paragraphLevel);
        for (int32_t i = 0; i < scalars; i++) printf(i ? ",%d" : "%d", levels[i]);
        ubidi_reorderVisual(levels, scalars, map);
        fputs("],\"visualOrder\":[", stdout);
        for (int32_t i = 0; i < scalars; i++) printf(i ? ",%d" : "%d", map[i]);
        fputs("],\"runs\":[", stdout);
        int32_t runs = ubidi_countRuns(bidi, &status);
        for (int32_t run = 0; run < runs; run++) {
            int32_t logicalStart, runLength;
            UBiDiDirection direction = ubidi_getVisualRun(bidi, run, &logicalStart, &runLength);
            UBiDiLevel level = unitLevels[logicalStart];
            printf(run ? ",{\"start\":%zu,\"end\":%zu,\"direction\":\"%s\",\"level\":%d}" : "{\"start\":%zu,\"end\":%zu,\"direction\":\"%s\",\"level\":%d}",
                   documentOffset + utf8At[logicalStart], documentOffset + utf8At[logicalStart + runLength],
                   direction == UBIDI_RTL ? "rtl" : "ltr", level);
        }
        fputs("]}\n", stdout);
        documentOffset += u8;
        start = end;
    }
    fflush(stdout);
    return 0;
}
