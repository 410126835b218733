/// ICU transliteration: script conversion (`Any-Latin`, `Cyrillic-Latin`, `Han-Latin`),
/// compound IDs with filters (`[:Latin:] Any-Upper`, `NFD; [:Nonspacing Mark:] Remove; NFC`)
/// and custom rules.
///
/// Each ID is compiled once per process and cached; ICU transliterators are not
/// thread-safe, so every call uses a pooled clone. A `Transliterator` value is cheap to
/// copy and safe to share.
///
/// ```swift
/// let slug = try Transliterator("Any-Latin; Latin-ASCII; Any-Lower")
/// try slug.transliterate("Москва")    // "moskva"
/// try Transliterator("Han-Latin").transliterate("北京")  // "běi jīng"
/// let custom = try Transliterator(rules: "a > b; b > a;")
/// ```
///
/// The corresponding C functions are `utrans_openU`, `utrans_clone` and `utrans_transUChars`.
public struct Transliterator: Sendable {
    /// The ID as given (for custom rules, `"rules"`).
    public let id: String
    /// Whether this is the reverse direction of `id`.
    public let isReverse: Bool
    private let rules: String?
    private let handle: TransliteratorHandle

    /// The transliterator with a system or compound ID.
    ///
    /// ```swift
    /// let greek = try Transliterator("Greek-Latin/UNGEGN")
    /// let back = try Transliterator("Latin-Cyrillic", reverse: true)  // Cyrillic-Latin
    /// ```
    /// - Throws: ``TextTransformError/unknownTransliterator(_:)`` when ICU does not know the ID.
    public init(_ id: String, reverse: Bool = false) throws(TextTransformError) {
        self.id = id
        self.isReverse = reverse
        self.rules = nil
        handle = try TransliteratorHandle.handle(id: id, rules: nil, reverse: reverse)
    }

    /// A transliterator from custom rules (ICU's rule syntax).
    ///
    /// ```swift
    /// let vowels = try Transliterator(rules: "[aeiou] > '*';")
    /// try vowels.transliterate("banana")  // "b*n*n*"
    /// ```
    /// - Throws: ``TextTransformError/invalidRules(_:line:offset:context:)`` pointing at the bad rule.
    public init(rules: String, reverse: Bool = false) throws(TextTransformError) {
        self.id = "rules"
        self.isReverse = reverse
        self.rules = rules
        try Self.checkSegmentNesting(rules)
        handle = try TransliteratorHandle.handle(id: "rules", rules: rules, reverse: reverse)
    }

    /// The deepest nesting of rule segments `( … )` ICUKit hands to ICU. ICU 72's rule
    /// parser needs memory exponential in the nesting (TransliterateFuzz: about 80 nested
    /// "(" exhausted 2 GB); real rules nest a few levels at most.
    static let maximumSegmentNesting = 16

    /// Refuses rules whose segments nest deeper than ``maximumSegmentNesting``, counting
    /// "(" outside quotes, escapes and sets, before ICU sees them.
    private static func checkSegmentNesting(_ rules: String) throws(TextTransformError) {
        var depth = 0, setDepth = 0, quoted = false, escaped = false, line = 1, offset = 0
        for unit in rules.utf16 {
            defer { offset += 1 }
            if escaped { escaped = false; continue }
            switch unit {
            case 0x5C: escaped = true                                  // backslash
            case 0x27: quoted.toggle()                                 // '
            case 0x0A: line += 1
            case 0x5B where !quoted: setDepth += 1                     // [
            case 0x5D where !quoted && setDepth > 0: setDepth -= 1     // ]
            case 0x28 where !quoted && setDepth == 0:                  // (
                depth += 1
                if depth > maximumSegmentNesting {
                    throw .invalidRules(rules, line: line, offset: offset, context: "segments nested deeper than \(maximumSegmentNesting)")
                }
            case 0x29 where !quoted && setDepth == 0 && depth > 0: depth -= 1  // )
            case 0x3B where !quoted && setDepth == 0: depth = 0        // ; ends a rule
            default: break
            }
        }
    }

    /// Refuses a back-reference `$N` to a segment the rules cannot have: N larger than the
    /// number of "(" in the whole text. ICU 72 pads a table up to segment N before it finds
    /// the segment undefined, so `$444444444` took 8 s and 900 MB to fail (found by
    /// TransliterateFuzz). Quotes, escapes, sets and comments (a `#` where a rule begins, to
    /// the end of the line) are skipped, as ICU's parser skips them.
    static func checkSegmentReferences(_ rules: String) throws(TextTransformError) {
        let units = Array(rules.utf16)
        var parentheses = 0, quoted = false, escaped = false, setDepth = 0
        for unit in units {
            if escaped { escaped = false; continue }
            switch unit {
            case 0x5C: escaped = true
            case 0x27: quoted.toggle()
            case 0x5B where !quoted: setDepth += 1
            case 0x5D where !quoted && setDepth > 0: setDepth -= 1
            case 0x28 where !quoted && setDepth == 0: parentheses += 1
            default: break
            }
        }
        quoted = false; escaped = false; setDepth = 0
        var ruleStart = true, comment = false, line = 1
        var index = 0
        while index < units.count {
            let unit = units[index]
            defer { index += 1 }
            if unit == 0x0A { line += 1; comment = false }
            if comment { continue }
            if escaped { escaped = false; continue }
            if quoted { if unit == 0x27 { quoted = false }; continue }
            let space = unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D
            if ruleStart && unit == 0x23 { comment = true; continue }  // #
            if !space { ruleStart = false }
            switch unit {
            case 0x5C: escaped = true
            case 0x27: quoted = true
            case 0x5B: setDepth += 1
            case 0x5D: if setDepth > 0 { setDepth -= 1 }
            case 0x3B where setDepth == 0: ruleStart = true  // ;
            case 0x24 where setDepth == 0:  // $ followed by digits 1-9…
                var number = 0, end = index + 1
                while end < units.count, (0x30...0x39).contains(units[end]) {
                    if number <= parentheses { number = number * 10 + Int(units[end] - 0x30) }
                    end += 1
                }
                if end > index + 1, units[index + 1] != 0x30, number > parentheses {
                    let digits = String(decoding: units[index + 1..<min(end, index + 13)], as: UTF16.self)
                    throw .invalidRules(rules, line: line, offset: index,
                                        context: "$\(digits)\(end > index + 13 ? "…" : ""): a segment beyond the \(parentheses) the rules can have")
                }
            default: break
            }
        }
    }

    /// A transliterator for one of Foundation's `StringTransform` names (`"toLatin"`,
    /// `"stripDiacritics"`, …), which Foundation itself implements with these ICU IDs.
    ///
    /// ```swift
    /// let strip = try Transliterator(foundationTransform: "stripDiacritics")
    /// ```
    /// - Throws: ``TextTransformError/unknownTransliterator(_:)`` for a name not in
    ///   ``foundationTransforms``.
    public init(foundationTransform name: String, reverse: Bool = false) throws(TextTransformError) {
        guard let id = Self.foundationTransforms[name] else { throw .unknownTransliterator(name) }
        try self.init(id, reverse: reverse)
    }

    /// The ID ICU reports for this transliterator (canonical spelling of compound IDs).
    ///
    /// ```swift
    /// try Transliterator("Latin-Cyrillic", reverse: true).canonicalID  // "Cyrillic-Latin"
    /// ```
    public var canonicalID: String { handle.id }

    /// `text` transliterated.
    ///
    /// ```swift
    /// try Transliterator("Any-Latin; Latin-ASCII").transliterate("straße Αθήνα")  // "strasse Athena"
    /// ```
    public func transliterate(_ text: String) throws(TextTransformError) -> String {
        try handle.pool.withHandle { (pointer) throws(TextTransformError) in
            try TransliteratorEngine.transliterate(text, with: pointer)
        }
    }

    /// The inverse transliterator: the same ID or rules in the other direction.
    ///
    /// ```swift
    /// let latin = try Transliterator("Cyrillic-Latin")
    /// try latin.inverse().transliterate("Moskva")  // "Москва"
    /// ```
    /// - Throws: ``TextTransformError/unknownTransliterator(_:)`` if ICU has no inverse.
    public func inverse() throws(TextTransformError) -> Transliterator {
        let key = TransliteratorHandle.Key(id: id, rules: rules, reverse: isReverse)
        return Transliterator(id: id, isReverse: !isReverse, rules: rules, handle: try handle.inverse(key: key))
    }

    private init(id: String, isReverse: Bool, rules: String?, handle: TransliteratorHandle) {
        self.id = id
        self.isReverse = isReverse
        self.rules = rules
        self.handle = handle
    }

    /// Every system transliterator ID ICU has (`utrans_openIDs`), such as `"Any-Latin"`.
    ///
    /// ```swift
    /// Transliterator.availableIDs.contains("Greek-Latin/UNGEGN")  // true
    /// ```
    public static var availableIDs: [String] { TransliteratorEngine.availableIDs() }

    /// Foundation's `StringTransform` names and the ICU IDs they stand for.
    ///
    /// ```swift
    /// Transliterator.foundationTransforms["toLatin"]  // "Any-Latin"
    /// ```
    public static let foundationTransforms: [String: String] = [
        "toLatin": "Any-Latin",
        "latinToKatakana": "Latin-Katakana",
        "latinToHiragana": "Latin-Hiragana",
        "latinToHangul": "Latin-Hangul",
        "latinToArabic": "Latin-Arabic",
        "latinToHebrew": "Latin-Hebrew",
        "latinToThai": "Latin-Thai",
        "latinToCyrillic": "Latin-Cyrillic",
        "latinToGreek": "Latin-Greek",
        "toXMLHex": "Any-Hex/XML",
        "toUnicodeName": "Any-Name",
        "fullwidthToHalfwidth": "Fullwidth-Halfwidth",
        "hiraganaToKatakana": "Hiragana-Katakana",
        "mandarinToLatin": "Han-Latin",
        "stripCombiningMarks": "NFD; [:M:] Remove; NFC",
        "stripDiacritics": "NFD; [:Nonspacing Mark:] Remove; NFC",
    ]
}
