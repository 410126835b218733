// See include/CICUTranslit.h.
#include "CICUTranslit.h"

#include <unicode/rep.h>
#include <unicode/translit.h>
#include <unicode/unifilt.h>
#include <unicode/unistr.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>

#include <cstdlib>
#include <cstring>
#include <new>

static_assert(sizeof(UErrorCode) == sizeof(int32_t), "UErrorCode passed as int32_t");
static_assert(sizeof(char16_t) == sizeof(uint16_t), "UTF-16 units passed as uint16_t");

namespace {

/// A text in a gap buffer: the units before the gap at [0, gapStart), the units after it at
/// [gapEnd, capacity). Transliterators replace at their cursor, which moves forward, so the
/// gap follows them and a replacement moves only the units between the old and new cursor.
///
/// Out-of-range reads give U+FFFF and out-of-range replacements are pinned, as
/// UnicodeString does. Once a replacement would pass `maxLength` every later one is refused
/// (`tooLarge`): the transliterator may go on to the end of its loop, but the text no
/// longer changes and the caller discards it.
class GapText final : public icu::Replaceable {
public:
    explicit GapText(int32_t maxLength) : maxLength_(maxLength) {}
    ~GapText() override { std::free(units_); }
    GapText(const GapText &) = delete;
    GapText &operator=(const GapText &) = delete;

    bool tooLarge = false;
    bool allocationFailed = false;

    /// Fills the text with UTF-8, decoded straight into the buffer.
    void assignUTF8(const char *utf8, int32_t length, UErrorCode &status) {
        int64_t capacity = static_cast<int64_t>(length) + length / 2 + 64;
        if (capacity > INT32_MAX) capacity = INT32_MAX;
        if (!allocate(static_cast<int32_t>(capacity))) { status = U_MEMORY_ALLOCATION_ERROR; return; }
        int32_t decoded = 0;
        u_strFromUTF8(units_, capacity_, &decoded, utf8, length, &status);
        if (U_FAILURE(status)) return;
        gapStart_ = decoded;
        gapEnd_ = capacity_;
    }

    /// The whole text, contiguous (the gap moved to the end).
    const char16_t *contiguous(int32_t &length) {
        moveGap(size());
        length = gapStart_;
        return units_;
    }

    int32_t size() const { return capacity_ - (gapEnd_ - gapStart_); }

    void extractBetween(int32_t start, int32_t limit, icu::UnicodeString &target) const override {
        pin(start, limit);
        target.remove();
        if (start < gapStart_) {
            int32_t end = limit < gapStart_ ? limit : gapStart_;
            target.append(units_ + start, end - start);
        }
        if (limit > gapStart_) {
            int32_t begin = start > gapStart_ ? start : gapStart_;
            int32_t gap = gapEnd_ - gapStart_;
            target.append(units_ + begin + gap, limit - begin);
        }
    }

    void handleReplaceBetween(int32_t start, int32_t limit, const icu::UnicodeString &text) override {
        if (tooLarge || allocationFailed) return;
        pin(start, limit);
        int32_t inserted = text.length();
        int64_t newSize = static_cast<int64_t>(size()) - (limit - start) + inserted;
        if (newSize > maxLength_) { tooLarge = true; return; }
        moveGap(start);
        gapEnd_ += limit - start;  // delete [start, limit): it now follows the gap
        if (gapEnd_ - gapStart_ < inserted && !grow(inserted)) { allocationFailed = true; return; }
        text.extract(0, inserted, units_, gapStart_);
        gapStart_ += inserted;
    }

    void copy(int32_t start, int32_t limit, int32_t dest) override {
        if (limit <= start) return;
        icu::UnicodeString piece;
        extractBetween(start, limit, piece);
        handleReplaceBetween(dest, dest, piece);
    }

    UBool hasMetaData() const override { return false; }

protected:
    int32_t getLength() const override { return size(); }

    char16_t getCharAt(int32_t offset) const override {
        if (offset < gapStart_) return offset >= 0 ? units_[offset] : 0xFFFF;
        int64_t index = static_cast<int64_t>(offset) + (gapEnd_ - gapStart_);
        return index < capacity_ ? units_[index] : 0xFFFF;
    }

    UChar32 getChar32At(int32_t offset) const override {
        char16_t unit = getCharAt(offset);
        if (U16_IS_LEAD(unit)) {
            char16_t trail = getCharAt(offset + 1);  // U+FFFF past the end: not a trail
            if (U16_IS_TRAIL(trail)) return U16_GET_SUPPLEMENTARY(unit, trail);
        } else if (U16_IS_TRAIL(unit) && offset > 0) {
            char16_t lead = getCharAt(offset - 1);
            if (U16_IS_LEAD(lead)) return U16_GET_SUPPLEMENTARY(lead, unit);
        }
        return unit;
    }

private:
    char16_t *units_ = nullptr;
    int32_t capacity_ = 0, gapStart_ = 0, gapEnd_ = 0;
    const int32_t maxLength_;

    void pin(int32_t &start, int32_t &limit) const {
        int32_t length = size();
        if (start < 0) start = 0;
        if (start > length) start = length;
        if (limit < start) limit = start;
        if (limit > length) limit = length;
    }

    bool allocate(int32_t capacity) {
        units_ = static_cast<char16_t *>(std::malloc(sizeof(char16_t) * static_cast<size_t>(capacity)));
        if (units_ == nullptr) return false;
        capacity_ = capacity;
        return true;
    }

    void moveGap(int32_t position) {
        if (position < gapStart_) {
            int32_t count = gapStart_ - position;
            std::memmove(units_ + gapEnd_ - count, units_ + position, sizeof(char16_t) * count);
            gapStart_ = position;
            gapEnd_ -= count;
        } else if (position > gapStart_) {
            int32_t count = position - gapStart_;
            std::memmove(units_ + gapStart_, units_ + gapEnd_, sizeof(char16_t) * count);
            gapStart_ = position;
            gapEnd_ += count;
        }
    }

    /// Makes the gap hold at least `needed` units, doubling the buffer.
    bool grow(int32_t needed) {
        int32_t tail = capacity_ - gapEnd_;
        int64_t wanted = static_cast<int64_t>(capacity_) * 2;
        int64_t least = static_cast<int64_t>(gapStart_) + needed + tail + 64;
        if (wanted < least) wanted = least;
        if (wanted > INT32_MAX) wanted = INT32_MAX;
        if (wanted < least) return false;
        auto *grown = static_cast<char16_t *>(std::realloc(units_, sizeof(char16_t) * static_cast<size_t>(wanted)));
        if (grown == nullptr) return false;
        int32_t newEnd = static_cast<int32_t>(wanted) - tail;
        std::memmove(grown + newEnd, grown + gapEnd_, sizeof(char16_t) * tail);
        units_ = grown;
        capacity_ = static_cast<int32_t>(wanted);
        gapEnd_ = newEnd;
        return true;
    }
};

struct Budget {
    int64_t remaining;
};

/// Whether `t` is made of other transliterators (ICU's CompoundTransliterator, also what
/// custom rules with `::` phases compile to).
bool isCompound(const icu::Transliterator &t) {
    if (t.countElements() < 1) return false;
    UErrorCode status = U_ZERO_ERROR;
    const icu::Transliterator &first = t.getElement(0, status);
    return U_SUCCESS(status) && &first != &t;
}

/// Non-incremental transliteration of `index` in `text`, as `t.filteredTransliterate(text,
/// index, false)` does; a compound runs here one element at a time (the filter runs and
/// element loop of ICU's Transliterator::filteredTransliterate and
/// CompoundTransliterator::handleTransliterate), so that the budget is checked between
/// elements and a chain of growing elements stops as soon as the text is too large.
void apply(const icu::Transliterator &t, GapText &text, UTransPosition &index, Budget &budget) {
    if (text.tooLarge || text.allocationFailed) return;
    if (!isCompound(t)) {
        budget.remaining -= index.limit - index.start;
        if (budget.remaining < 0) { text.tooLarge = true; return; }
        t.filteredTransliterate(text, index, false);
        return;
    }
    const icu::UnicodeFilter *filter = t.getFilter();
    int32_t globalLimit = index.limit;
    int32_t count = t.countElements();
    for (;;) {
        if (filter != nullptr) {  // narrow [start, limit) to the next run of filtered characters
            UChar32 c;
            while (index.start < globalLimit && !filter->contains(c = text.char32At(index.start))) {
                index.start += U16_LENGTH(c);
            }
            index.limit = index.start;
            while (index.limit < globalLimit && filter->contains(c = text.char32At(index.limit))) {
                index.limit += U16_LENGTH(c);
            }
        }
        if (index.limit == index.start) break;
        int32_t runLimit = index.limit;
        int32_t runStart = index.start;
        for (int32_t i = 0; i < count; ++i) {
            index.start = runStart;
            if (index.start == index.limit) break;
            UErrorCode status = U_ZERO_ERROR;
            const icu::Transliterator &element = t.getElement(i, status);
            if (U_FAILURE(status)) break;
            apply(element, text, index, budget);
            if (text.tooLarge || text.allocationFailed) return;
            if (index.start != index.limit) index.start = index.limit;
        }
        globalLimit += index.limit - runLimit;
        index.start = index.limit;
        if (filter == nullptr) break;
    }
    index.limit = globalLimit;
}

}  // namespace

struct icukit_translit_text {
    GapText text;
    explicit icukit_translit_text(int32_t maxLength) : text(maxLength) {}
};

extern "C" icukit_translit_text *icukit_transliterate(const void *transliterator, const char *utf8, int32_t length,
                                                      int32_t max_length, int64_t max_work,
                                                      int32_t *outcome, int32_t *status) {
    UErrorCode error = static_cast<UErrorCode>(*status);
    *outcome = ICUKIT_TRANSLIT_OK;
    if (U_FAILURE(error)) return nullptr;
    auto *result = new (std::nothrow) icukit_translit_text(max_length);
    if (result == nullptr) { *status = U_MEMORY_ALLOCATION_ERROR; return nullptr; }
    result->text.assignUTF8(utf8, length, error);
    if (U_SUCCESS(error)) {
        const auto *t = static_cast<const icu::Transliterator *>(transliterator);
        int32_t size = result->text.size();
        UTransPosition index = {0, size, 0, size};
        Budget budget = {max_work};
        apply(*t, result->text, index, budget);
        if (result->text.allocationFailed) error = U_MEMORY_ALLOCATION_ERROR;
        else if (result->text.tooLarge) *outcome = ICUKIT_TRANSLIT_TOO_LARGE;
    }
    if (U_FAILURE(error)) {
        delete result;
        *status = error;
        return nullptr;
    }
    return result;
}

extern "C" const uint16_t *icukit_translit_units(icukit_translit_text *text, int32_t *length) {
    return reinterpret_cast<const uint16_t *>(text->text.contiguous(*length));
}

extern "C" void icukit_translit_free(icukit_translit_text *text) { delete text; }
