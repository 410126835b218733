/* detect FILE: what `icukit detect FILE` does, with ICU's own detector: the file read whole,
   ucsdet_setText and ucsdet_detectAll over it, the best guess printed. (ICUKit's detector is
   its own, scoring ~45 candidates; this is the raw ICU a C program would call.) */
#include "common.h"
#include <unicode/ucsdet.h>

int main(int argc, char **argv) {
    if (argc < 2) return 64;
    size_t length;
    char *bytes = read_all(argv[1], &length);
    UErrorCode status = U_ZERO_ERROR;
    UCharsetDetector *detector = ucsdet_open(&status);
    ucsdet_setText(detector, bytes, (int32_t)length, &status);
    int32_t found = 0;
    const UCharsetMatch **matches = ucsdet_detectAll(detector, &found, &status);
    check(status, "ucsdet_detectAll");
    if (found > 0) printf("%s: %s (confidence %d)\n", argv[1], ucsdet_getName(matches[0], &status), ucsdet_getConfidence(matches[0], &status));
    ucsdet_close(detector);
    return 0;
}
