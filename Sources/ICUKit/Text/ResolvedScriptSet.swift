internal import CICU

/// The resolved script set of a string (UTS #39 §5.1), the basis of mixed-script checks:
/// the intersection of every character's augmented `Script_Extensions` (Han adds
/// Han-with-Bopomofo, Japanese and Korean; Hiragana and Katakana add Japanese; Hangul adds
/// Korean; Bopomofo adds Han-with-Bopomofo), where Common and Inherited count as every script.
///
/// ```swift
/// ResolvedScriptSet("Circle").scripts          // ["Latn"]
/// ResolvedScriptSet("Сirсle").isMixedScript    // true (Cyrillic С and с)
/// ResolvedScriptSet("日本のテレビ").scripts      // ["Jpan"]
/// ResolvedScriptSet("123 !").isAll             // true
/// ```
public struct ResolvedScriptSet: Sendable, Hashable {
    /// The resolved set as ISO 15924 codes, sorted; empty when the text is mixed-script
    /// or has only Common and Inherited characters (see ``isAll``).
    public let scripts: [String]
    /// Whether every character is Common or Inherited (the set is "all scripts").
    public let isAll: Bool
    /// The `Script` values the text uses, other than Common and Inherited, sorted.
    public let scriptsUsed: [String]

    /// Whether the resolved set is empty: no single script covers the text.
    ///
    /// ```swift
    /// ResolvedScriptSet("paypal").isMixedScript  // false
    /// ```
    public var isMixedScript: Bool { !isAll && scripts.isEmpty }

    /// The resolved script set of `text`.
    ///
    /// ```swift
    /// ResolvedScriptSet("Ελληνικά and English").scriptsUsed  // ["Grek", "Latn"]
    /// ```
    public init(_ text: String) {
        var resolved: Set<Int32>? = nil
        var used = Set<Int32>()
        for scalar in text.unicodeScalars {
            let c = Int32(bitPattern: scalar.value)
            var status = U_ZERO_ERROR
            let script = uscript_getScript(c, &status)
            if script != USCRIPT_COMMON && script != USCRIPT_INHERITED { used.insert(script) }
            var extensions = Set(ScalarProperties.scriptExtensionValues(c))
            if extensions.contains(USCRIPT_COMMON) || extensions.contains(USCRIPT_INHERITED) { continue }
            if extensions.contains(USCRIPT_HAN) { extensions.formUnion([USCRIPT_HAN_WITH_BOPOMOFO, USCRIPT_JAPANESE, USCRIPT_KOREAN]) }
            if extensions.contains(USCRIPT_HIRAGANA) || extensions.contains(USCRIPT_KATAKANA) { extensions.insert(USCRIPT_JAPANESE) }
            if extensions.contains(USCRIPT_HANGUL) { extensions.insert(USCRIPT_KOREAN) }
            if extensions.contains(USCRIPT_BOPOMOFO) { extensions.insert(USCRIPT_HAN_WITH_BOPOMOFO) }
            resolved = resolved.map { $0.intersection(extensions) } ?? extensions
        }
        isAll = resolved == nil
        scripts = (resolved ?? []).map(ScalarProperties.scriptCode).sorted()
        scriptsUsed = used.map(ScalarProperties.scriptCode).sorted()
    }
}
