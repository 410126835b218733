// See include/CICUUTF8Norm.h. The only C++ in ICUKit: ICU's C API has no UTF-8
// normalization, its stable C++ API does.
#include "CICUUTF8Norm.h"

#include <unicode/bytestream.h>
#include <unicode/normalizer2.h>
#include <unicode/stringpiece.h>

static_assert(sizeof(UErrorCode) == sizeof(int32_t), "UErrorCode passed as int32_t");

extern "C" int32_t icukit_normalizeUTF8(const void *normalizer, const char *source, int32_t length,
                                        char *destination, int32_t capacity, int32_t *status) {
    UErrorCode error = static_cast<UErrorCode>(*status);
    if (U_FAILURE(error)) return 0;
    const auto *norm2 = static_cast<const icu::Normalizer2 *>(normalizer);
    icu::CheckedArrayByteSink sink(destination, capacity);
    norm2->normalizeUTF8(0, icu::StringPiece(source, length), sink, nullptr, error);
    if (U_SUCCESS(error) && sink.Overflowed()) error = U_BUFFER_OVERFLOW_ERROR;
    *status = error;
    return sink.NumberOfBytesAppended();
}

extern "C" int8_t icukit_isNormalizedUTF8(const void *normalizer, const char *source, int32_t length,
                                          int32_t *status) {
    UErrorCode error = static_cast<UErrorCode>(*status);
    if (U_FAILURE(error)) return 0;
    const auto *norm2 = static_cast<const icu::Normalizer2 *>(normalizer);
    UBool yes = norm2->isNormalizedUTF8(icu::StringPiece(source, length), error);
    *status = error;
    return yes ? 1 : 0;
}
