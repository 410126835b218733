internal import CICU

/// How a formatted value is capitalized for where it appears, as ICU's display context
/// (`UDISPCTX_CAPITALIZATION_*`) defines it from CLDR's context transforms.
///
/// The same month name reads "červen" inside a Czech sentence but "Červen" at its start
/// or alone in a menu. ``dynamic`` decides at insertion time: see
/// ``CapitalizationContext/resolved(forInsertionAt:in:locale:)``.
///
/// ```swift
/// let cs = try DateTimeFormatter(template: "LLLL", locale: LocaleID("cs"), context: .beginningOfSentence)
/// try cs.format(june)   // "Červen"
/// ```
public enum CapitalizationContext: String, Sendable, Hashable, CaseIterable {
    /// No capitalization change: the data's own form (ICU's default).
    case none
    /// Capitalized as the value stands alone (a calendar header, a label).
    case standalone
    /// Capitalized as an item in a list or menu.
    case listItem = "list-item"
    /// Capitalized as the first word of a sentence.
    case beginningOfSentence = "sentence-start"
    /// As it appears in the middle of a sentence.
    case middleOfSentence = "mid-sentence"
    /// Decided where the value is inserted: the beginning of a sentence if the template
    /// text before the insertion point ends a sentence (or is empty), else the middle.
    case dynamic

    /// The context to use for a value inserted at `index` in `template`: for ``dynamic``,
    /// ``beginningOfSentence`` when the insertion point starts a sentence (found with
    /// the sentence segmenter of `locale`, skipping opening punctuation and spaces) and
    /// ``middleOfSentence`` otherwise; any other context is returned unchanged.
    public func resolved(forInsertionAt index: String.Index, in template: String, locale: LocaleID = .root) -> CapitalizationContext {
        guard self == .dynamic else { return self }
        let before = template[..<index]
        // Spaces, opening brackets and quotes may stand between a sentence start and the value.
        func isLeadIn(_ scalar: Unicode.Scalar) -> Bool {
            let category = scalar.properties.generalCategory
            return scalar.properties.isWhitespace || category == .openPunctuation || category == .initialPunctuation
                || scalar == "\"" || scalar == "'"
        }
        guard let last = before.unicodeScalars.lastIndex(where: { !isLeadIn($0) }) else { return .beginningOfSentence }
        let afterLast = before.unicodeScalars.index(after: last)
        let lower = before.utf8.distance(from: before.startIndex, to: afterLast)
        let upper = before.utf8.count
        // A sentence boundary between the last meaningful character and the insertion
        // point, with the value's place held by a letter.
        guard let segmenter = try? Segmenter(.sentence, locale: locale) else { return .middleOfSentence }
        let probe = String(before) + "X"
        return segmenter.boundaryOffsets(of: probe).contains { (lower...upper).contains($0) } ? .beginningOfSentence : .middleOfSentence
    }

    /// The ICU `UDisplayContext` value.
    var icuValue: Int32 {
        switch self {
        case .none, .dynamic: UDISPCTX_CAPITALIZATION_NONE
        case .standalone: UDISPCTX_CAPITALIZATION_FOR_STANDALONE
        case .listItem: UDISPCTX_CAPITALIZATION_FOR_UI_LIST_OR_MENU
        case .beginningOfSentence: UDISPCTX_CAPITALIZATION_FOR_BEGINNING_OF_SENTENCE
        case .middleOfSentence: UDISPCTX_CAPITALIZATION_FOR_MIDDLE_OF_SENTENCE
        }
    }
}

/// A formatter whose output can be inserted into a sentence template with a
/// ``CapitalizationContext/dynamic`` context.
protocol ContextualFormatting {
    var context: CapitalizationContext { get }
}

/// Replaces the first `placeholder` in `template` with `render(context)`, where the
/// context is resolved for that position.
func insert<E: Error>(
    into template: String, placeholder: String, context: CapitalizationContext, locale: LocaleID,
    _ render: (CapitalizationContext) throws(E) -> String
) throws(E) -> String {
    guard let range = template.firstRange(of: placeholder) else { return template }
    let resolved = context.resolved(forInsertionAt: range.lowerBound, in: template, locale: locale)
    var result = template
    result.replaceSubrange(range, with: try render(resolved))
    return result
}
