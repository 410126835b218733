/* formatdate LOCALE FILE: what `icukit format date --locale LOCALE --time-zone UTC < FILE`
   does, in raw ICU: one ISO 8601 instant per line (YYYY-MM-DDTHH:MM:SSZ), each formatted
   with the locale's medium date and time styles in UTC, one line out each. */
#include "common.h"
#include <unicode/udat.h>
#include <unicode/ucal.h>
#include <unicode/ustring.h>

int main(int argc, char **argv) {
    if (argc < 3) return 64;
    size_t length;
    char *bytes = read_all(argv[2], &length);
    UErrorCode status = U_ZERO_ERROR;
    UChar zone[] = {'U', 'T', 'C', 0};
    UDateFormat *format = udat_open(UDAT_MEDIUM, UDAT_MEDIUM, argv[1], zone, -1, NULL, 0, &status);
    check(status, "udat_open");
    UCalendar *gregorian = ucal_open(zone, -1, "en@calendar=gregorian", UCAL_GREGORIAN, &status);
    check(status, "ucal_open");
    UChar buffer[256];
    char out[1024];
    char *line = bytes, *limit = bytes + length;
    while (line < limit) {
        char *end = memchr(line, '\n', limit - line);
        if (!end) end = limit;
        int year, month, day, hour, minute, second;
        if (sscanf(line, "%d-%d-%dT%d:%d:%dZ", &year, &month, &day, &hour, &minute, &second) == 6) {
            ucal_clear(gregorian);
            ucal_setDateTime(gregorian, year, month - 1, day, hour, minute, second, &status);
            UDate instant = ucal_getMillis(gregorian, &status);
            int32_t units = udat_format(format, instant, buffer, 256, NULL, &status);
            int32_t outLength = 0;
            u_strToUTF8(out, sizeof out - 1, &outLength, buffer, units, &status);
            check(status, "udat_format");
            out[outLength++] = '\n';
            fwrite(out, 1, outLength, stdout);
        }
        line = end + 1;
    }
    udat_close(format);
    ucal_close(gregorian);
    return 0;
}
