/* calendar CALENDAR FILE: what `icukit calendar convert --to CALENDAR` does, in raw ICU:
   per ISO date line, the calendar's fields (ucal) and English era and month names
   (udat_format with "G" and "MMMM"), one JSON line each. */
#include "common.h"
#include <unicode/ucal.h>
#include <unicode/udat.h>
#include <unicode/ustring.h>

static void name(UDateFormat *format, UDate date, char *out) {
    UChar units[64];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = udat_format(format, date, units, 64, NULL, &status);
    check(status, "udat_format");
    u_strToUTF8(out, 128, NULL, units, length, &status);
    check(status, "u_strToUTF8");
}

int main(int argc, char **argv) {
    if (argc < 3) return 64;
    char locale[96];
    snprintf(locale, sizeof locale, "en@calendar=%s", argv[1]);
    UErrorCode status = U_ZERO_ERROR;
    UChar utc[] = u"UTC";
    UCalendar *gregorian = ucal_open(utc, -1, "en@calendar=gregorian", UCAL_GREGORIAN, &status);
    ucal_setGregorianChange(gregorian, -8.64e15, &status);
    UCalendar *target = ucal_open(utc, -1, locale, UCAL_DEFAULT, &status);
    check(status, "ucal_open");
    UChar era[] = u"G", month[] = u"MMMM";
    UDateFormat *eraFormat = udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, utc, -1, era, -1, &status);
    UDateFormat *monthFormat = udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, utc, -1, month, -1, &status);
    check(status, "udat_open");
    size_t length;
    char *bytes = read_all(argv[2], &length);
    char eraName[128], monthName[128];
    for (char *line = strtok(bytes, "\n"); line; line = strtok(NULL, "\n")) {
        int y, m, d;
        if (sscanf(line, "%d-%d-%d", &y, &m, &d) != 3) continue;
        ucal_clear(gregorian);
        ucal_setDate(gregorian, y, m - 1, d, &status);
        UDate date = ucal_getMillis(gregorian, &status);
        ucal_setMillis(target, date, &status);
        int32_t fields[6] = {
            ucal_get(target, UCAL_ERA, &status), ucal_get(target, UCAL_YEAR, &status),
            ucal_get(target, UCAL_MONTH, &status) + 1, ucal_get(target, UCAL_IS_LEAP_MONTH, &status),
            ucal_get(target, UCAL_DATE, &status), ucal_get(target, UCAL_EXTENDED_YEAR, &status) };
        check(status, "ucal_get");
        name(eraFormat, date, eraName);
        name(monthFormat, date, monthName);
        printf("{\"date\":\"%.10s\",\"calendar\":\"%s\",\"era\":%d,\"eraName\":\"%s\",\"year\":%d,\"month\":%d,"
               "\"isLeapMonth\":%s,\"day\":%d,\"extendedYear\":%d,\"monthName\":\"%s\"}\n",
               line, argv[1], fields[0], eraName, fields[1], fields[2], fields[3] ? "true" : "false",
               fields[4], fields[5], monthName);
    }
    return 0;
}
