// CICUTranslit: transliteration on a text ICUKit owns, through ICU's stable C++ API
// (icu::Replaceable, Transliterator::filteredTransliterate, countElements/getElement), and
// message formatting with typed arguments (icukit_message_format, below).
//
// ICU's C entry point (utrans_transUChars) transliterates a UnicodeString in place: every
// replacement that changes the length moves the whole tail of the text, so a long text
// costs time quadratic in its length (4 MB of Russian in one line through Any-Latin took
// 21 s), and nothing bounds how far rules may grow the text (`a > |aa;` repeated in k
// `::Null;` phases grows it 17^k times). Here the text is a gap buffer (replacements at the
// cursor, where transliterators make them, cost only their own length), compound
// transliterators run one element at a time exactly as ICU's CompoundTransliterator does,
// and the text may grow only to `max_length` UTF-16 units and the elements may visit only
// `max_work` units in all: past either, the run stops and reports
// ICUKIT_TRANSLIT_TOO_LARGE.
//
// Like CICUUTF8Norm, no ICU type appears here: a transliterator is the `UTransliterator *`
// of utrans_openU (ICU's utrans.cpp casts it to `Transliterator *`), passed as `const void *`.
#ifndef CICU_TRANSLIT_H
#define CICU_TRANSLIT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The outcome of `icukit_transliterate` besides an ICU error.
enum {
    ICUKIT_TRANSLIT_OK = 0,
    /// The text would have grown past `max_length`, or the work past `max_work`.
    ICUKIT_TRANSLIT_TOO_LARGE = 1,
};

/// A transliterated text owned by ICUKit; free it with `icukit_translit_free`.
typedef struct icukit_translit_text icukit_translit_text;

/// Transliterates `length` bytes of well-formed UTF-8 at `utf8` with `transliterator` (used
/// by this thread alone). Returns the result (NULL only when `*status` is an ICU failure,
/// > 0, such as U_MEMORY_ALLOCATION_ERROR); `*outcome` says whether it completed. Does
/// nothing if `*status` is already a failure.
icukit_translit_text *icukit_transliterate(const void *transliterator, const char *utf8, int32_t length,
                                           int32_t max_length, int64_t max_work,
                                           int32_t *outcome, int32_t *status);

/// The UTF-16 units of a result, contiguous; `*length` receives their count.
const uint16_t *icukit_translit_units(icukit_translit_text *text, int32_t *length);

void icukit_translit_free(icukit_translit_text *text);

/// The kinds of `icukit_message_format`'s arguments.
enum {
    ICUKIT_MESSAGE_ARGUMENT_STRING = 0,
    ICUKIT_MESSAGE_ARGUMENT_DOUBLE = 1,
    ICUKIT_MESSAGE_ARGUMENT_INT32 = 2,
    /// `numbers[i]` is a UDate (milliseconds since 1970).
    ICUKIT_MESSAGE_ARGUMENT_DATE = 3,
};

/// Formats the `UMessageFormat *` of umsg_open (`format`, used by this thread alone) with
/// `count` typed arguments, through ICU's `MessageFormat::format(const Formattable *, …)`,
/// into `dest` (`capacity` units; the full length is returned, with
/// U_BUFFER_OVERFLOW_ERROR when it does not fit, as the C API does). Argument `i` is
/// `numbers[i]` for the number and date kinds, else the `lengths[i]` units at `strings[i]`.
///
/// umsg_vformat reads a C `va_list` by the types ICU parsed from the pattern: when the
/// caller's idea of the pattern differs (an argument ICU sees as text where the caller
/// passed a number, or one argument more), it reads past or misreads the list, which
/// crashed on a fuzzed pattern. Typed arguments cannot be misread: ICU reports a type it
/// cannot format as an error, and an argument it has no value for is written as `{n}`.
int32_t icukit_message_format(const void *format, const int32_t *kinds, const double *numbers,
                              const uint16_t *const *strings, const int32_t *lengths, int32_t count,
                              uint16_t *dest, int32_t capacity, int32_t *status);

#ifdef __cplusplus
}
#endif

#endif
