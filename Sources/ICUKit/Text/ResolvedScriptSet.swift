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
        // Script values as bits of a 256-bit set (ICU has ~200), the extensions read into a
        // stack buffer: no `Set`, no array per character (those cost ~17,000 instructions
        // for a ten-letter identifier, more than ICU's whole spoof check).
        var resolved = ScriptBits()
        var resolvedAny = false
        var used = ScriptBits()
        var inRange = true
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 32) { buffer in
            for scalar in text.unicodeScalars {
                let c = Int32(bitPattern: scalar.value)
                let script = ICU.uscript_getScript(c)
                if script != USCRIPT_COMMON && script != USCRIPT_INHERITED { inRange = used.insert(script) && inRange }
                let count = Int(ICU.uscript_getScriptExtensions(c, buffer.baseAddress, 32))
                var extensions = ScriptBits()
                if count <= 0 {
                    inRange = extensions.insert(USCRIPT_UNKNOWN) && inRange
                } else {
                    for index in 0..<count { inRange = extensions.insert(buffer[index]) && inRange }
                }
                if extensions.contains(USCRIPT_COMMON) || extensions.contains(USCRIPT_INHERITED) { continue }
                if extensions.contains(USCRIPT_HAN) {
                    _ = extensions.insert(USCRIPT_HAN_WITH_BOPOMOFO)
                    _ = extensions.insert(USCRIPT_JAPANESE)
                    _ = extensions.insert(USCRIPT_KOREAN)
                }
                if extensions.contains(USCRIPT_HIRAGANA) || extensions.contains(USCRIPT_KATAKANA) { _ = extensions.insert(USCRIPT_JAPANESE) }
                if extensions.contains(USCRIPT_HANGUL) { _ = extensions.insert(USCRIPT_KOREAN) }
                if extensions.contains(USCRIPT_BOPOMOFO) { _ = extensions.insert(USCRIPT_HAN_WITH_BOPOMOFO) }
                resolved = resolvedAny ? resolved.intersection(extensions) : extensions
                resolvedAny = true
            }
        }
        guard inRange else {
            // A script value past the bit set (none in ICU 72 or 76): the general computation.
            (scripts, isAll, scriptsUsed) = Self.computed(text)
            return
        }
        isAll = !resolvedAny
        scripts = resolved.values.map(ScalarProperties.scriptCode).sorted()
        scriptsUsed = used.values.map(ScalarProperties.scriptCode).sorted()
    }

    /// The same computation on `Set`s of any script values: the fallback, and the tests' reference.
    static func computed(_ text: String) -> (scripts: [String], isAll: Bool, scriptsUsed: [String]) {
        var resolved: Set<Int32>? = nil
        var used = Set<Int32>()
        for scalar in text.unicodeScalars {
            let c = Int32(bitPattern: scalar.value)
            let script = ICU.uscript_getScript(c)
            if script != USCRIPT_COMMON && script != USCRIPT_INHERITED { used.insert(script) }
            var extensions = Set(ScalarProperties.scriptExtensionValues(c))
            if extensions.contains(USCRIPT_COMMON) || extensions.contains(USCRIPT_INHERITED) { continue }
            if extensions.contains(USCRIPT_HAN) { extensions.formUnion([USCRIPT_HAN_WITH_BOPOMOFO, USCRIPT_JAPANESE, USCRIPT_KOREAN]) }
            if extensions.contains(USCRIPT_HIRAGANA) || extensions.contains(USCRIPT_KATAKANA) { extensions.insert(USCRIPT_JAPANESE) }
            if extensions.contains(USCRIPT_HANGUL) { extensions.insert(USCRIPT_KOREAN) }
            if extensions.contains(USCRIPT_BOPOMOFO) { extensions.insert(USCRIPT_HAN_WITH_BOPOMOFO) }
            resolved = resolved.map { $0.intersection(extensions) } ?? extensions
        }
        return ((resolved ?? []).map(ScalarProperties.scriptCode).sorted(), resolved == nil, used.map(ScalarProperties.scriptCode).sorted())
    }
}

/// A set of ICU script values below 256, as four words of bits.
private struct ScriptBits {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// Adds `value`; `false` (and nothing added) when it is outside 0..<256.
    @inline(__always)
    mutating func insert(_ value: Int32) -> Bool {
        guard value >= 0 && value < 256 else { return false }
        let bit = UInt64(1) << UInt64(value & 63)
        switch value >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
        return true
    }

    @inline(__always)
    func contains(_ value: Int32) -> Bool {
        guard value >= 0 && value < 256 else { return false }
        let word: UInt64
        switch value >> 6 {
        case 0: word = words.0
        case 1: word = words.1
        case 2: word = words.2
        default: word = words.3
        }
        return word >> UInt64(value & 63) & 1 != 0
    }

    func intersection(_ other: ScriptBits) -> ScriptBits {
        var result = ScriptBits()
        result.words = (words.0 & other.words.0, words.1 & other.words.1, words.2 & other.words.2, words.3 & other.words.3)
        return result
    }

    /// The values in the set, ascending.
    var values: [Int32] {
        var result: [Int32] = []
        for (index, word) in [words.0, words.1, words.2, words.3].enumerated() {
            var rest = word
            while rest != 0 {
                result.append(Int32(index * 64 + rest.trailingZeroBitCount))
                rest &= rest - 1
            }
        }
        return result
    }
}
