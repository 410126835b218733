/* normalize FORM FILE: what `icukit normalize --form FORM FILE` does, in raw ICU: the whole
   file converted to UTF-16, the normalized prefix found by ICU's quick check
   (unorm2_spanQuickCheckYes), the rest normalized after it (unorm2_normalizeSecondAndAppend),
   converted back to UTF-8 and written; text that is already normalized is written as read. */
#include "common.h"
#include <unicode/unorm2.h>

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
    int32_t units = 0;
    u_strFromUTF8(NULL, 0, &units, bytes, (int32_t)length, &status);
    status = U_ZERO_ERROR;
    UChar *text = malloc(sizeof(UChar) * ((size_t)units + 1));
    u_strFromUTF8(text, units + 1, &units, bytes, (int32_t)length, &status);
    check(status, "u_strFromUTF8");
    int32_t span = unorm2_spanQuickCheckYes(normalizer, text, units, &status);
    check(status, "unorm2_spanQuickCheckYes");
    if (span == units) {
        fwrite(bytes, 1, length, stdout);
        return 0;
    }
    /* NFD at most triples a text (U+0390, Hangul); prose stays well inside 4x. */
    int32_t room = 4 * units + 64, resultBytes = 0;
    UChar *normalized = malloc(sizeof(UChar) * (size_t)room);
    memcpy(normalized, text, sizeof(UChar) * (size_t)span);
    int32_t normalizedUnits = unorm2_normalizeSecondAndAppend(normalizer, normalized, span, room, text + span, units - span, &status);
    check(status, "unorm2_normalizeSecondAndAppend");
    char *result = malloc(3 * (size_t)normalizedUnits + 1);
    u_strToUTF8(result, 3 * normalizedUnits + 1, &resultBytes, normalized, normalizedUnits, &status);
    check(status, "u_strToUTF8");
    fwrite(result, 1, (size_t)resultBytes, stdout);
    return 0;
}
