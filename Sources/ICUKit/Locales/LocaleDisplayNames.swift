internal import CICU

/// Where a display name appears, which decides its capitalization (French and other
/// languages write language names in lower case inside a sentence).
public enum DisplayNameContext: String, Sendable, Hashable, CaseIterable {
    /// Inside a sentence: "anglais".
    case middleOfSentence = "mid-sentence"
    /// At the start of a sentence: "Anglais".
    case beginningOfSentence = "sentence-start"
    /// An item in a UI list or menu.
    case listItem = "list-item"
    /// Standing alone (a label).
    case standalone

    var icu: Int32 {
        switch self {
        case .middleOfSentence: UDISPCTX_CAPITALIZATION_FOR_MIDDLE_OF_SENTENCE
        case .beginningOfSentence: UDISPCTX_CAPITALIZATION_FOR_BEGINNING_OF_SENTENCE
        case .listItem: UDISPCTX_CAPITALIZATION_FOR_UI_LIST_OR_MENU
        case .standalone: UDISPCTX_CAPITALIZATION_FOR_STANDALONE
        }
    }
}

extension LocaleID {
    private static let displayNamesCache = ConfigurationCache<String, LockedHandle>(limit: 64)

    /// The name of this locale in `displayLocale`, capitalized for `context`, optionally
    /// with dialect names ("British English" rather than "English (United Kingdom)").
    ///
    /// ```swift
    /// LocaleID("en-GB").displayName(in: LocaleID("fr"), context: .beginningOfSentence)   // "Anglais (Royaume-Uni)"
    /// LocaleID("en-GB").displayName(in: LocaleID("en"), context: .standalone, dialectNames: true)  // "British English"
    /// ```
    /// - Throws: ``LocaleError/icu(_:)`` if ICU fails.
    ///
    /// The corresponding C functions are `uldn_openForContext` and `uldn_localeDisplayName`.
    public func displayName(in displayLocale: LocaleID?, context: DisplayNameContext, dialectNames: Bool = false) throws(LocaleError) -> String {
        let display = displayLocale.map { $0.identifier.isEmpty ? "en" : $0.identifier } ?? "en"
        let key = "\(display)|\(context.rawValue)|\(dialectNames)"
        let names = try Self.displayNamesCache.value(for: key) { () throws(LocaleError) -> LockedHandle in
            let contexts: [Int32] = [context.icu, dialectNames ? UDISPCTX_DIALECT_NAMES : UDISPCTX_STANDARD_NAMES]
            let opened = try LocaleError.wrapping { () throws(ICUError) in try ICU.uldn_openForContext(display, contexts) }
            return LockedHandle(opened) { uldn_close($0) }
        }
        return try LocaleError.wrapping { () throws(ICUError) in try names.withHandle { handle throws(ICUError) in
            try ICU.uldn_localeDisplayName(handle, identifier)
        } }
    }
}
