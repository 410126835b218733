// See include/CICUTranslit.h (icukit_message_arguments, icukit_message_format).
#include "CICUTranslit.h"

#include <unicode/fmtable.h>
#include <unicode/locid.h>
#include <unicode/messagepattern.h>
#include <unicode/msgfmt.h>
#include <unicode/unistr.h>

#include <string_view>
#include <unordered_map>
#include <utility>

namespace {

/// The kind of Formattable ICU's MessageFormat needs for the argument whose ARG_START part
/// is `start`: by the argument type and, for a simple argument, by its type and style
/// keywords, lowercased as ICU's `findKeyword` lowercases them (so `{n, Number, integEr}` is
/// an integer) but trimmed by `UnicodeString::trim()` (Java whitespace), where ICU trims
/// Pattern_White_Space: a style of `integer` and U+200E is DOUBLE here, and ICU's integer
/// format rounds that double where an INT32 value is truncated.
int32_t kindOfArgument(const icu::MessagePattern &pattern, int32_t start) {
    switch (pattern.getPart(start).getArgType()) {
    case UMSGPAT_ARG_TYPE_NONE:
    case UMSGPAT_ARG_TYPE_SELECT:
        return ICUKIT_MESSAGE_ARGUMENT_STRING;
    case UMSGPAT_ARG_TYPE_SIMPLE: {
        // ARG_START, ARG_NAME or ARG_NUMBER, ARG_TYPE, then ARG_STYLE when there is a style.
        icu::UnicodeString type = pattern.getSubstring(pattern.getPart(start + 2));
        type.trim().toLower(icu::Locale::getRoot());
        if (type == icu::UnicodeString(u"date") || type == icu::UnicodeString(u"time")) return ICUKIT_MESSAGE_ARGUMENT_DATE;
        if (type == icu::UnicodeString(u"number") && start + 3 < pattern.countParts() &&
            pattern.getPartType(start + 3) == UMSGPAT_PART_TYPE_ARG_STYLE) {
            icu::UnicodeString style = pattern.getSubstring(pattern.getPart(start + 3));
            style.trim().toLower(icu::Locale::getRoot());
            if (style == icu::UnicodeString(u"integer")) return ICUKIT_MESSAGE_ARGUMENT_INT32;
        }
        return ICUKIT_MESSAGE_ARGUMENT_DOUBLE;  // number, spellout, ordinal, duration
    }
    default:  // plural, selectordinal, choice
        return ICUKIT_MESSAGE_ARGUMENT_DOUBLE;
    }
}

}  // namespace

int32_t icukit_message_arguments(const uint16_t *pattern, int32_t length, icukit_message_argument *arguments,
                                 int32_t capacity, int32_t *conflict, int32_t *conflict_at, int32_t *depth,
                                 int32_t *status) {
    UErrorCode *error = reinterpret_cast<UErrorCode *>(status);
    *conflict = -1;
    *conflict_at = -1;
    *depth = 0;
    if (U_FAILURE(*error)) return 0;
    if (pattern == nullptr || length < 0 || capacity < 0 || (arguments == nullptr && capacity > 0)) {
        *error = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    const auto *units = reinterpret_cast<const char16_t *>(pattern);
    // Read-only alias: the parts' indexes are offsets into the caller's units.
    icu::MessagePattern parsed(icu::UnicodeString(false, units, length), nullptr, *error);
    if (U_FAILURE(*error)) return 0;
    int32_t count = 0;
    try {
        // Each distinct name's index in `arguments` and its first kind.
        std::unordered_map<std::u16string_view, std::pair<int32_t, int32_t>> seen;
        const int32_t parts = parsed.countParts();
        for (int32_t i = 0; i + 1 < parts; ++i) {
            const UMessagePatternPartType type = parsed.getPartType(i);
            if (type == UMSGPAT_PART_TYPE_MSG_START) {
                // A sub-message's value is its nesting level (0: the whole message).
                if (parsed.getPart(i).getValue() > *depth) *depth = parsed.getPart(i).getValue();
                continue;
            }
            if (type != UMSGPAT_PART_TYPE_ARG_START) continue;
            const icu::MessagePattern::Part &name = parsed.getPart(i + 1);
            const int32_t kind = kindOfArgument(parsed, i);
            std::u16string_view key(units + name.getIndex(), static_cast<size_t>(name.getLength()));
            auto [found, inserted] = seen.emplace(key, std::make_pair(count, kind));
            if (!inserted) {
                if (*conflict < 0 && found->second.second != kind) {
                    *conflict = found->second.first;
                    *conflict_at = name.getIndex();
                }
                continue;
            }
            if (count < capacity) {
                arguments[count] = icukit_message_argument{kind, name.getIndex(), name.getLength(), 0, 0, 0};
            }
            ++count;
        }
    } catch (...) {  // std::bad_alloc from the map
        *error = U_MEMORY_ALLOCATION_ERROR;
        return 0;
    }
    if (count > capacity) *error = U_BUFFER_OVERFLOW_ERROR;
    return count;
}

int32_t icukit_message_format(const void *format, const uint16_t *pattern, const uint16_t *texts,
                              const icukit_message_argument *arguments, int32_t count,
                              uint16_t *dest, int32_t capacity, int32_t *status) {
    UErrorCode *error = reinterpret_cast<UErrorCode *>(status);
    if (U_FAILURE(*error)) return 0;
    if (format == nullptr || pattern == nullptr || count < 0 || capacity < 0 || (dest == nullptr && capacity > 0) ||
        (arguments == nullptr && count > 0)) {
        *error = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    const auto *patternUnits = reinterpret_cast<const char16_t *>(pattern);
    const auto *textUnits = reinterpret_cast<const char16_t *>(texts);
    // Formattable and UnicodeString are UMemory: their operator new[] returns nullptr when
    // memory runs out.
    icu::Formattable *values = new icu::Formattable[count > 0 ? count : 1];
    icu::UnicodeString *names = new icu::UnicodeString[count > 0 ? count : 1];
    if (values == nullptr || names == nullptr) {
        delete[] values;
        delete[] names;
        *error = U_MEMORY_ALLOCATION_ERROR;
        return 0;
    }
    for (int32_t i = 0; i < count; ++i) {
        const icukit_message_argument &argument = arguments[i];
        names[i].setTo(false, patternUnits + argument.name_start, argument.name_length);  // read-only alias
        switch (argument.kind) {
        case ICUKIT_MESSAGE_ARGUMENT_DOUBLE: values[i].setDouble(argument.number); break;
        case ICUKIT_MESSAGE_ARGUMENT_INT32: values[i].setLong(static_cast<int32_t>(argument.number)); break;
        case ICUKIT_MESSAGE_ARGUMENT_DATE: values[i].setDate(argument.number); break;
        default:
            values[i].setString(icu::UnicodeString(textUnits + argument.text_start, argument.text_length));
            break;
        }
    }
    // umsg_open's UMessageFormat is ICU's MessageFormat (umsg.cpp casts it back the same way).
    const icu::MessageFormat *message = reinterpret_cast<const icu::MessageFormat *>(format);
    icu::UnicodeString result;
    message->format(names, values, count, result, *error);
    delete[] values;
    delete[] names;
    if (U_FAILURE(*error)) return 0;
    return result.extract(reinterpret_cast<char16_t *>(dest), capacity, *error);
}
