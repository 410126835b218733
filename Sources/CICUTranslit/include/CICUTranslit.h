// CICUTranslit: transliteration on a text ICUKit owns, through ICU's stable C++ API
// (icu::Replaceable, Transliterator::filteredTransliterate, countElements/getElement), and
// message formatting with named, typed arguments as ICU's own parser reads the pattern
// (icukit_message_arguments and icukit_message_format, below).
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

/// The kinds of ICU MessageFormat arguments, by the `Formattable` ICU's
/// `MessageFormat::format` needs for them.
enum {
    ICUKIT_MESSAGE_ARGUMENT_STRING = 0,
    ICUKIT_MESSAGE_ARGUMENT_DOUBLE = 1,
    ICUKIT_MESSAGE_ARGUMENT_INT32 = 2,
    /// `number` is a UDate (milliseconds since 1970).
    ICUKIT_MESSAGE_ARGUMENT_DATE = 3,
};

/// One argument of a message: its name, as a range of the pattern's UTF-16 units, its kind
/// and, for formatting, its value.
typedef struct icukit_message_argument {
    /// An ICUKIT_MESSAGE_ARGUMENT_* kind.
    int32_t kind;
    /// The name (or number, such as `0`) is `name_length` units at `pattern + name_start`.
    int32_t name_start;
    int32_t name_length;
    /// A string value is `text_length` units at `texts + text_start`.
    int32_t text_start;
    int32_t text_length;
    /// A number value (an integral one for INT32, milliseconds for DATE).
    double number;
} icukit_message_argument;

/// Lists the arguments of the MessageFormat pattern of `length` UTF-16 units at `pattern`
/// as ICU's own parser (`icu::MessagePattern`) reads it: each distinct name (the same
/// UTF-16 units) once, in order of first appearance, into `arguments` (`capacity` entries;
/// `length / 2 + 1` always suffice), with the kind ICU's `MessageFormat::format` needs for
/// it (plural, selectordinal, choice, number and the other simple types: DOUBLE; `number,
/// integer`: INT32; date and time: DATE; select and plain: STRING). Returns their count;
/// U_BUFFER_OVERFLOW_ERROR (15) when `capacity` is too small (the count is still returned).
/// `*conflict` receives the index of the first argument that the pattern uses with two
/// kinds and `*conflict_at` the offset of the name where it first does, or -1 and -1; `*depth` the deepest sub-message's nesting level (0 when there
/// is none). MessagePattern's parser recurses once per nesting level: the caller bounds the
/// nesting before it calls this (or umsg_open).
int32_t icukit_message_arguments(const uint16_t *pattern, int32_t length, icukit_message_argument *arguments,
                                 int32_t capacity, int32_t *conflict, int32_t *conflict_at, int32_t *depth,
                                 int32_t *status);

/// Formats the `UMessageFormat *` of umsg_open (`format`, used by this thread alone, opened
/// from `pattern`) with `count` named arguments through ICU's
/// `MessageFormat::format(const UnicodeString *names, const Formattable *, …)`, into `dest`
/// (`capacity` units; the full length is returned, with U_BUFFER_OVERFLOW_ERROR when it
/// does not fit, as the C API does). String values are ranges of `texts`.
///
/// Typed arguments, not umsg_vformat's C `va_list`: ICU reads a `va_list` by the types it
/// parsed from the pattern, so a caller that reads the pattern differently makes it read
/// past the list. Here ICU reports a type it cannot format as an error, and an argument it
/// has no value for is written as `{name}`.
int32_t icukit_message_format(const void *format, const uint16_t *pattern, const uint16_t *texts,
                              const icukit_message_argument *arguments, int32_t count,
                              uint16_t *dest, int32_t capacity, int32_t *status);

#ifdef __cplusplus
}
#endif

#endif
