// CICUUTF8Norm: ICU's UTF-8 normalization, which its C API lacks (unorm2_* works on
// UTF-16 only), through the stable C++ API (icu::Normalizer2::normalizeUTF8 and
// isNormalizedUTF8, ICU 60+). ICU 72 and later implement both natively on UTF-8
// (Normalizer2Impl::composeUTF8 / decomposeUTF8), skipping the two UTF-16 conversions.
//
// Like CICU's generated shims, this header uses no ICU type: a normalizer is the
// `UNormalizer2 *` of unorm2_getNFCInstance and its siblings (ICU's own unorm2.cpp casts it
// to `Normalizer2 *`), passed as `const void *`; an error is a UErrorCode as int32_t.
// Input must be valid UTF-8 (ICU replaces ill-formed sequences with U+FFFD; ICUKit
// validates first).
#ifndef CICU_UTF8_NORM_H
#define CICU_UTF8_NORM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Normalizes `length` bytes of UTF-8 at `source` into `destination` (`capacity` bytes).
/// Returns the length of the whole result; when it is larger than `capacity`, only a
/// prefix was written and `*status` is U_BUFFER_OVERFLOW_ERROR (15): call again with a
/// buffer of the returned length. Does nothing if `*status` is already a failure (> 0).
int32_t icukit_normalizeUTF8(const void *normalizer, const char *source, int32_t length,
                             char *destination, int32_t capacity, int32_t *status);

/// Whether `length` bytes of UTF-8 at `source` are normalized (1) or not (0).
int8_t icukit_isNormalizedUTF8(const void *normalizer, const char *source, int32_t length,
                               int32_t *status);

#ifdef __cplusplus
}
#endif

#endif
