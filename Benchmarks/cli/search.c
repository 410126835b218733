/* search PATTERN FILE: what `icukit search --all --format json PATTERN FILE` does, in raw
   ICU: the file read whole, UTF-8 to UTF-16, a root collator's string search, every match
   printed (as UTF-16 offsets: ICUKit also maps them to UTF-8). */
#include "common.h"
#include <unicode/usearch.h>
#include <unicode/ustring.h>

int main(int argc, char **argv) {
    if (argc < 3) return 64;
    int32_t units = 0;
    UChar *text = read_utf16(argv[2], &units);
    UErrorCode status = U_ZERO_ERROR;
    UChar pattern[256];
    int32_t patternLength = 0;
    u_strFromUTF8(pattern, 256, &patternLength, argv[1], -1, &status);
    check(status, "u_strFromUTF8");
    UStringSearch *search = usearch_open(pattern, patternLength, text, units, "", NULL, &status);
    check(status, "usearch_open");
    fputs("{\"matches\":[", stdout);
    int first = 1;
    for (int32_t start = usearch_first(search, &status); start != USEARCH_DONE; start = usearch_next(search, &status)) {
        printf(first ? "[%d,%d]" : ",[%d,%d]", start, start + usearch_getMatchedLength(search));
        first = 0;
    }
    check(status, "usearch_next");
    fputs("]}\n", stdout);
    usearch_close(search);
    return 0;
}
