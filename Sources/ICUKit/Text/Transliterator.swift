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
    /// parser needs memory exponential in the nesting (about 80 nested "(" exhaust 2 GB);
    /// real rules nest a few levels at most.
    static let maximumSegmentNesting = 16

    /// Visits the UTF-16 units of rule text that are syntax: not quoted (`'…'`, only outside
    /// sets: inside `[…]` an apostrophe is a character, as ICU's set parser reads it),
    /// escaped (`\x`) or in a comment (`#` where a rule begins, to the end of the line, as
    /// ICU's parser skips it). `body` gets the unit, its offset and line, and the set depth.
    static func scanRuleSyntax(_ rules: String, _ body: (_ unit: UInt16, _ offset: Int, _ line: Int, _ setDepth: Int) throws(TextTransformError) -> Void) throws(TextTransformError) {
        var quoted = false, escaped = false, comment = false, ruleStart = true
        var setDepth = 0, line = 1, offset = -1
        for unit in rules.utf16 {
            offset += 1
            if unit == 0x0A { line += 1; comment = false }
            if comment { continue }
            if escaped { escaped = false; continue }
            if quoted { if unit == 0x27 { quoted = false }; continue }
            switch unit {
            case 0x5C: escaped = true; ruleStart = false; continue                          // backslash
            case 0x27 where setDepth == 0: quoted = true; ruleStart = false; continue       // '
            case 0x23 where ruleStart: comment = true; continue                             // # at a rule's start
            case 0x20, 0x09, 0x0A, 0x0D: break
            default: ruleStart = false
            }
            if unit == 0x5B { setDepth += 1 }                                               // [
            try body(unit, offset, line, setDepth)
            if unit == 0x5D && setDepth > 0 { setDepth -= 1 }                               // ]
            if unit == 0x3B && setDepth == 0 { ruleStart = true }                           // ; ends a rule
        }
    }

    /// Refuses segments ICU would refuse or choke on, before ICU sees them: nested deeper
    /// than ``maximumSegmentNesting``, or left open at the end of a rule half (ICU refuses
    /// those as U_UNCLOSED_SEGMENT, but its parser leaks on that path, so that repeated
    /// attempts exhaust memory). A rule half ends at `;`, at an operator (`>`, `<`, `=`,
    /// `→`, `←`, `↔`) or at the end of the text.
    ///
    /// Also refused: a back-reference inside the very segment it names (`(a$1) > x;`). ICU
    /// compiles and runs such rules, but copying them (`utrans_clone`, which every
    /// ICUKit transliteration uses) recurses without end in `StringMatcher::setData`: a stack
    /// overflow.
    private static func checkSegmentNesting(_ rules: String) throws(TextTransformError) {
        let units = Array(rules.utf16)
        var open: [(offset: Int, line: Int, number: Int, input: Bool)] = []
        var segments = 0
        // Whether the rule half being read is a rule's input: before any operator, or after
        // `<`/`←` (reverse rules). Segments in an output (after `>`, `→`, `↔`) are another
        // check's (TransliteratorEngine.outputSegmentBeforeBackReference).
        var input = true
        func endHalf() throws(TextTransformError) {
            if let first = open.first {
                throw .invalidRules(rules, line: first.line, offset: first.offset, context: "unclosed segment")
            }
        }
        try scanRuleSyntax(rules) { (unit, offset, line, setDepth) throws(TextTransformError) in
            guard setDepth == 0 else { return }
            switch unit {
            case 0x28:  // (
                segments += 1
                open.append((offset, line, segments, input))
                if open.count > maximumSegmentNesting {
                    throw .invalidRules(rules, line: line, offset: offset, context: "segments nested deeper than \(maximumSegmentNesting)")
                }
            case 0x29: if !open.isEmpty { open.removeLast() }  // )
            case 0x24 where !open.isEmpty:  // $N inside segment N
                var number = 0, end = offset + 1
                while end < units.count, (0x30...0x39).contains(units[end]), number < 1 << 20 {
                    number = number * 10 + Int(units[end] - 0x30)
                    end += 1
                }
                if open.contains(where: { $0.number == number && $0.input }) {
                    throw .invalidRules(rules, line: line, offset: offset, context: "$\(number) inside its own segment")
                }
            case 0x3B:  // ; ends a rule: segments are numbered per rule
                try endHalf()
                segments = 0
                input = true
            case 0x3E, 0x3D, 0x2192, 0x2194: try endHalf(); input = false  // > = → ↔
            case 0x3C, 0x2190: try endHalf(); input = true  // < ←
            default: break
            }
        }
        try endHalf()
    }

    /// Refuses a back-reference `$N` to a segment the rules cannot have: N larger than the
    /// number of "(" in the whole text. ICU 72 pads a table up to segment N before it finds
    /// the segment undefined, so `$444444444` takes 8 s and 900 MB to fail.
    static func checkSegmentReferences(_ rules: String) throws(TextTransformError) {
        var parentheses = 0
        try scanRuleSyntax(rules) { (unit, _, _, setDepth) throws(TextTransformError) in
            if unit == 0x28 && setDepth == 0 { parentheses += 1 }
        }
        let units = Array(rules.utf16)
        try scanRuleSyntax(rules) { (unit, index, line, setDepth) throws(TextTransformError) in
            guard unit == 0x24, setDepth == 0 else { return }  // $ followed by digits 1-9…
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
