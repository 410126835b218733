internal import CICU

extension IDNA {
    /// The UTS #46 errors ICU found in a name (ICU's `UIDNA_ERROR_*` bits).
    ///
    /// ```swift
    /// let errors = try IDNA().toASCII("-a..b").errors
    /// errors.contains(.leadingHyphen)   // true
    /// errors.names                      // ["emptyLabel", "leadingHyphen"]
    /// ```
    public struct Errors: OptionSet, Sendable, Hashable, CustomStringConvertible {
        /// ICU's `UIDNA_ERROR_*` bits.
        public let rawValue: UInt32
        /// The set with ICU's bits `rawValue`.
        ///
        /// ```swift
        /// IDNA.Errors(rawValue: 0x20)  // [.hyphen34]
        /// ```
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// A non-final label (or the whole name) is empty.
        public static let emptyLabel = Errors(rawValue: UInt32(UIDNA_ERROR_EMPTY_LABEL))
        /// A label is longer than 63 bytes (toASCII).
        public static let labelTooLong = Errors(rawValue: UInt32(UIDNA_ERROR_LABEL_TOO_LONG))
        /// The name is longer than 253 bytes (254 with a trailing dot) (toASCII).
        public static let domainNameTooLong = Errors(rawValue: UInt32(UIDNA_ERROR_DOMAIN_NAME_TOO_LONG))
        /// A label starts with a hyphen.
        public static let leadingHyphen = Errors(rawValue: UInt32(UIDNA_ERROR_LEADING_HYPHEN))
        /// A label ends with a hyphen.
        public static let trailingHyphen = Errors(rawValue: UInt32(UIDNA_ERROR_TRAILING_HYPHEN))
        /// A label has hyphens in its third and fourth positions.
        public static let hyphen34 = Errors(rawValue: UInt32(UIDNA_ERROR_HYPHEN_3_4))
        /// A label starts with a combining mark.
        public static let leadingCombiningMark = Errors(rawValue: UInt32(UIDNA_ERROR_LEADING_COMBINING_MARK))
        /// A label has a disallowed character (or, with STD3 rules, a non-LDH ASCII character).
        public static let disallowed = Errors(rawValue: UInt32(UIDNA_ERROR_DISALLOWED))
        /// An `xn--` label's Punycode does not decode.
        public static let punycode = Errors(rawValue: UInt32(UIDNA_ERROR_PUNYCODE))
        /// A label (of the label functions) contains a dot.
        public static let labelHasDot = Errors(rawValue: UInt32(UIDNA_ERROR_LABEL_HAS_DOT))
        /// An `xn--` label decodes to something that is not a valid label.
        public static let invalidAceLabel = Errors(rawValue: UInt32(UIDNA_ERROR_INVALID_ACE_LABEL))
        /// The Bidi rule (RFC 5893) fails.
        public static let bidi = Errors(rawValue: UInt32(UIDNA_ERROR_BIDI))
        /// A ZWJ or ZWNJ is not in a context the ContextJ rules allow.
        public static let contextJ = Errors(rawValue: UInt32(UIDNA_ERROR_CONTEXTJ))
        /// A ContextO punctuation rule fails (middle dot, keraia, geresh, katakana middle dot).
        public static let contextOPunctuation = Errors(rawValue: UInt32(UIDNA_ERROR_CONTEXTO_PUNCTUATION))
        /// A label mixes Arabic-Indic and extended Arabic-Indic digits.
        public static let contextODigits = Errors(rawValue: UInt32(UIDNA_ERROR_CONTEXTO_DIGITS))

        /// Every error with its name, in bit order.
        static let named: [(Errors, String)] = [
            (.emptyLabel, "emptyLabel"), (.labelTooLong, "labelTooLong"), (.domainNameTooLong, "domainNameTooLong"),
            (.leadingHyphen, "leadingHyphen"), (.trailingHyphen, "trailingHyphen"), (.hyphen34, "hyphen34"),
            (.leadingCombiningMark, "leadingCombiningMark"), (.disallowed, "disallowed"), (.punycode, "punycode"),
            (.labelHasDot, "labelHasDot"), (.invalidAceLabel, "invalidAceLabel"), (.bidi, "bidi"),
            (.contextJ, "contextJ"), (.contextOPunctuation, "contextOPunctuation"), (.contextODigits, "contextODigits"),
        ]

        /// The names of the errors in the set, in ICU's bit order (`"emptyLabel"`, …,
        /// `"contextODigits"`); bits ICU may add later appear as `"0x…"`.
        ///
        /// ```swift
        /// IDNA.Errors([.bidi, .hyphen34]).names  // ["hyphen34", "bidi"]
        /// ```
        public var names: [String] {
            var names: [String] = []
            var rest = rawValue
            for (error, name) in Self.named where contains(error) {
                names.append(name)
                rest &= ~error.rawValue
            }
            if rest != 0 { names.append("0x" + String(rest, radix: 16)) }
            return names
        }

        /// The names, comma-separated in brackets, such as `"[emptyLabel, bidi]"`.
        public var description: String { "[" + names.joined(separator: ", ") + "]" }
    }

    /// What ICU made of a name or label: its output (even when there are errors) and the
    /// errors it found.
    ///
    /// ```swift
    /// let result = try IDNA().toASCII("faß.de")
    /// result.output                    // "xn--fa-hia.de"
    /// result.isTransitionalDifferent   // true (transitional processing gives "fass.de")
    /// ```
    public struct Result: Sendable, Hashable {
        /// ICU's output. With errors it may contain U+FFFD where a label could not be processed.
        public let output: String
        /// The UTS #46 errors found; empty for a valid name.
        public let errors: Errors
        /// Whether transitional and nontransitional processing give different results
        /// (the name has "ß", "ς", ZWJ or ZWNJ).
        public let isTransitionalDifferent: Bool

        /// Whether ICU found no error.
        ///
        /// ```swift
        /// try IDNA().toASCII("example.com").isValid  // true
        /// ```
        public var isValid: Bool { errors.isEmpty }

        /// The output, or ``IdentifierError/idna(_:output:)`` when there are errors.
        ///
        /// ```swift
        /// let ascii = try IDNA().toASCII("Bücher.de").get()  // "xn--bcher-kva.de"
        /// ```
        public func get() throws(IdentifierError) -> String {
            if !errors.isEmpty { throw .idna(errors, output: output) }
            return output
        }
    }
}
