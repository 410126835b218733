// See include/CICUTranslit.h (icukit_message_format).
#include "CICUTranslit.h"

#include <unicode/fieldpos.h>
#include <unicode/fmtable.h>
#include <unicode/msgfmt.h>
#include <unicode/unistr.h>


int32_t icukit_message_format(const void *format, const int32_t *kinds, const double *numbers,
                              const uint16_t *const *strings, const int32_t *lengths, int32_t count,
                              uint16_t *dest, int32_t capacity, int32_t *status) {
    UErrorCode *error = reinterpret_cast<UErrorCode *>(status);
    if (U_FAILURE(*error)) return 0;
    if (format == nullptr || count < 0 || capacity < 0 || (dest == nullptr && capacity > 0)) {
        *error = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    // Formattable is a UMemory: its operator new[] returns nullptr when memory runs out.
    icu::Formattable *arguments = new icu::Formattable[count > 0 ? count : 1];
    if (arguments == nullptr) {
        *error = U_MEMORY_ALLOCATION_ERROR;
        return 0;
    }
    for (int32_t i = 0; i < count; ++i) {
        switch (kinds[i]) {
        case ICUKIT_MESSAGE_ARGUMENT_DOUBLE: arguments[i].setDouble(numbers[i]); break;
        case ICUKIT_MESSAGE_ARGUMENT_INT32: arguments[i].setLong(static_cast<int32_t>(numbers[i])); break;
        case ICUKIT_MESSAGE_ARGUMENT_DATE: arguments[i].setDate(numbers[i]); break;
        default:
            arguments[i].setString(icu::UnicodeString(reinterpret_cast<const char16_t *>(strings[i]), lengths[i]));
            break;
        }
    }
    // umsg_open's UMessageFormat is ICU's MessageFormat (umsg.cpp casts it back the same way).
    const icu::MessageFormat *message = reinterpret_cast<const icu::MessageFormat *>(format);
    icu::UnicodeString result;
    icu::FieldPosition ignore(icu::FieldPosition::DONT_CARE);
    message->format(arguments, count, result, ignore, *error);
    delete[] arguments;
    if (U_FAILURE(*error)) return 0;
    return result.extract(reinterpret_cast<char16_t *>(dest), capacity, *error);
}
