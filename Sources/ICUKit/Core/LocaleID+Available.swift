internal import CICU

extension LocaleID {
    /// The locales ICU has data for (ICU 72: 800 or so), in ICU's order, root not included.
    ///
    /// ```swift
    /// LocaleID.available.contains(LocaleID("de_CH"))   // true
    /// ```
    ///
    /// The corresponding C functions are `uloc_countAvailable` and `uloc_getAvailable`.
    public static var available: [LocaleID] {
        (0..<uloc_countAvailable()).compactMap { index in
            uloc_getAvailable(index).map { LocaleID(canonical: String(cString: $0)) }
        }
    }
}
