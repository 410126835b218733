internal import CICU

/// Internationalized domain names: UTS #46 processing (IDNA compatibility processing)
/// of whole domain names and single labels, as ICU implements it.
///
/// `toASCII` gives the form to look up and to store (`"xn--bcher-kva.de"`), `toUnicode`
/// the form to show (`"bücher.de"`). Both always return ICU's output together with the
/// set of UTS #46 errors it found; errors are data (a link checker reports them), and
/// ``IDNA/Result/get()`` or ``strictToASCII(_:)`` turn them into a thrown error.
///
/// ```swift
/// let idna = try IDNA()
/// let result = try idna.toASCII("Bücher.de")
/// result.output   // "xn--bcher-kva.de"
/// result.errors   // []
/// try idna.toUnicode("xn--bcher-kva.de").output   // "bücher.de"
/// try idna.toASCII("a..b").errors                  // [.emptyLabel]
/// ```
///
/// Names made only of lowercase ASCII letters, digits, hyphens and dots that are valid as
/// they stand (most names on the web) are returned as they are without entering ICU;
/// every other name goes through ICU's UTF-8 functions directly (no UTF-16 copy).
///
/// `Sendable` notes: ICU documents a `UIDNA` as thread-safe (its functions take a `const
/// UIDNA *`), so one object per options value is opened once and shared by all threads.
///
/// The corresponding C functions are `uidna_nameToASCII_UTF8`, `uidna_nameToUnicodeUTF8`,
/// `uidna_labelToASCII_UTF8` and `uidna_labelToUnicodeUTF8` over `uidna_openUTS46`.
public struct IDNA: Sendable, Hashable {
    /// UTS #46 processing options. The defaults are those of the WHATWG URL standard and
    /// of UTS #46 for lookup: nontransitional processing, CheckBidi and CheckJoiners on,
    /// ContextO and STD3 rules off. (ICU always checks hyphens and lengths.)
    ///
    /// ```swift
    /// var options = IDNA.Options()
    /// options.useSTD3ASCIIRules = true
    /// let strict = try IDNA(options)
    /// ```
    public struct Options: Sendable, Hashable {
        /// Transitional processing (IDNA2003 compatibility: "ß" → "ss", "ς" → "σ", ZWJ/ZWNJ removed).
        public var transitional: Bool
        /// The Bidi rule of RFC 5893 (`UIDNA_CHECK_BIDI`).
        public var checkBidi: Bool
        /// The ContextJ rules of RFC 5892 for ZWJ and ZWNJ (`UIDNA_CHECK_CONTEXTJ`).
        public var checkContextJ: Bool
        /// The ContextO rules of RFC 5892 (middle dot, Greek keraia, Hebrew geresh,
        /// katakana middle dot, Arabic-Indic digits) (`UIDNA_CHECK_CONTEXTO`).
        public var checkContextO: Bool
        /// STD3 rules: only letters, digits and hyphens in ASCII (`UIDNA_USE_STD3_RULES`).
        public var useSTD3ASCIIRules: Bool

        /// Options; every argument defaults to the UTS #46 lookup default.
        ///
        /// ```swift
        /// let registration = IDNA.Options(checkContextO: true, useSTD3ASCIIRules: true)
        /// ```
        public init(transitional: Bool = false, checkBidi: Bool = true, checkContextJ: Bool = true,
                    checkContextO: Bool = false, useSTD3ASCIIRules: Bool = false) {
            self.transitional = transitional
            self.checkBidi = checkBidi
            self.checkContextJ = checkContextJ
            self.checkContextO = checkContextO
            self.useSTD3ASCIIRules = useSTD3ASCIIRules
        }

        /// ICU's option bits.
        var icuValue: UInt32 {
            var value: UInt32 = 0  // (not UIDNA_DEFAULT: from ICU 76 on, it is the nontransitional bits)
            if !transitional { value |= UInt32(UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE) }
            if checkBidi { value |= UInt32(UIDNA_CHECK_BIDI) }
            if checkContextJ { value |= UInt32(UIDNA_CHECK_CONTEXTJ) }
            if checkContextO { value |= UInt32(UIDNA_CHECK_CONTEXTO) }
            if useSTD3ASCIIRules { value |= UInt32(UIDNA_USE_STD3_RULES) }
            return value
        }
    }

    /// The options of this processor.
    public let options: Options
    let handle: IDNAHandle

    /// A processor with `options` (the ICU object is opened once per options value and shared).
    ///
    /// ```swift
    /// let idna = try IDNA(.init(transitional: true))
    /// ```
    /// - Throws: ``IdentifierError/icu(_:)`` if ICU cannot open its IDNA data.
    public init(_ options: Options = Options()) throws(IdentifierError) {
        self.options = options
        self.handle = try IDNAHandle.handle(options.icuValue)
    }

    /// Processors are equal when their options are.
    public static func == (lhs: IDNA, rhs: IDNA) -> Bool { lhs.options == rhs.options }

    /// Hashes the options.
    public func hash(into hasher: inout Hasher) { hasher.combine(options) }

    // MARK: Names and labels

    /// The ASCII (Punycode) form of a domain name: for lookup and storage.
    ///
    /// ```swift
    /// try IDNA().toASCII("ÖBB.at").output  // "xn--bb-eka.at"
    /// ```
    /// - Throws: ``IdentifierError/inputTooLong(_:)`` past 2³¹−1 bytes, or for a label
    ///   longer than ICU's Punycode accepts (1,000 UTF-16 code units to encode, 2,000 to
    ///   decode; far past the 63 bytes a label may have, and ICU then gives no output).
    /// The corresponding C function is `uidna_nameToASCII_UTF8`.
    public func toASCII(_ name: String) throws(IdentifierError) -> Result {
        try process(string: name, .nameToASCII)
    }

    /// The Unicode form of a domain name: for display.
    ///
    /// ```swift
    /// try IDNA().toUnicode("xn--bb-eka.at").output  // "öbb.at"
    /// ```
    /// The corresponding C function is `uidna_nameToUnicodeUTF8`.
    public func toUnicode(_ name: String) throws(IdentifierError) -> Result {
        try process(string: name, .nameToUnicode)
    }

    /// The ASCII form of one label (a dot in it is the ``Errors/labelHasDot`` error).
    ///
    /// ```swift
    /// try IDNA().labelToASCII("bücher").output  // "xn--bcher-kva"
    /// ```
    /// The corresponding C function is `uidna_labelToASCII_UTF8`.
    public func labelToASCII(_ label: String) throws(IdentifierError) -> Result {
        try process(string: label, .labelToASCII)
    }

    /// The Unicode form of one label.
    ///
    /// ```swift
    /// try IDNA().labelToUnicode("xn--bcher-kva").output  // "bücher"
    /// ```
    /// The corresponding C function is `uidna_labelToUnicodeUTF8`.
    public func labelToUnicode(_ label: String) throws(IdentifierError) -> Result {
        try process(string: label, .labelToUnicode)
    }

    /// ``toASCII(_:)`` of UTF-8 bytes, checked first (ICU would silently read bad bytes as U+FFFD).
    ///
    /// ```swift
    /// try IDNA().toASCII(utf8: Array("bücher.de".utf8)).output  // "xn--bcher-kva.de"
    /// ```
    /// - Throws: ``IdentifierError/invalidUTF8(_:)`` with the offset of the first bad byte.
    public func toASCII<Bytes: Collection>(utf8 name: Bytes) throws(IdentifierError) -> Result where Bytes.Element == UInt8 {
        try processChecked(name, .nameToASCII)
    }

    /// ``toUnicode(_:)`` of UTF-8 bytes, checked first.
    ///
    /// ```swift
    /// try IDNA().toUnicode(utf8: Array("xn--bcher-kva.de".utf8)).output  // "bücher.de"
    /// ```
    /// - Throws: ``IdentifierError/invalidUTF8(_:)`` with the offset of the first bad byte.
    public func toUnicode<Bytes: Collection>(utf8 name: Bytes) throws(IdentifierError) -> Result where Bytes.Element == UInt8 {
        try processChecked(name, .nameToUnicode)
    }

    /// ``labelToASCII(_:)`` of UTF-8 bytes, checked first.
    ///
    /// ```swift
    /// try IDNA().labelToASCII(utf8: Array("öbb".utf8)).output  // "xn--bb-eka"
    /// ```
    /// - Throws: ``IdentifierError/invalidUTF8(_:)`` with the offset of the first bad byte.
    public func labelToASCII<Bytes: Collection>(utf8 label: Bytes) throws(IdentifierError) -> Result where Bytes.Element == UInt8 {
        try processChecked(label, .labelToASCII)
    }

    /// ``labelToUnicode(_:)`` of UTF-8 bytes, checked first.
    ///
    /// ```swift
    /// try IDNA().labelToUnicode(utf8: Array("xn--bb-eka".utf8)).output  // "öbb"
    /// ```
    /// - Throws: ``IdentifierError/invalidUTF8(_:)`` with the offset of the first bad byte.
    public func labelToUnicode<Bytes: Collection>(utf8 label: Bytes) throws(IdentifierError) -> Result where Bytes.Element == UInt8 {
        try processChecked(label, .labelToUnicode)
    }

    /// The ASCII form of a name, or a thrown ``IdentifierError/idna(_:output:)`` when
    /// ICU finds errors in it.
    ///
    /// ```swift
    /// try IDNA().strictToASCII("bücher.de")  // "xn--bcher-kva.de"
    /// try IDNA().strictToASCII("-x.de")      // throws .idna([.leadingHyphen], output: "-x.de")
    /// ```
    public func strictToASCII(_ name: String) throws(IdentifierError) -> String {
        try toASCII(name).get()
    }

    /// The Unicode form of a name, or a thrown ``IdentifierError/idna(_:output:)`` when
    /// ICU finds errors in it.
    ///
    /// ```swift
    /// try IDNA().strictToUnicode("xn--bcher-kva.de")  // "bücher.de"
    /// ```
    public func strictToUnicode(_ name: String) throws(IdentifierError) -> String {
        try toUnicode(name).get()
    }

    /// The name through ICU, never the ASCII fast path (what the fast path must agree
    /// with; for tests and benchmarks).
    ///
    /// ```swift
    /// try IDNA().toASCIIThroughICU("example.com")
    /// ```
    @_spi(Testing)
    public func toASCIIThroughICU(_ name: String) throws(IdentifierError) -> Result {
        try withUTF8Buffer(name) { (bytes) throws(IdentifierError) in try handle.run(bytes, .nameToASCII) }
    }

    /// ``toUnicode(_:)`` through ICU, never the fast path (for tests and benchmarks).
    ///
    /// ```swift
    /// try IDNA().toUnicodeThroughICU("example.com")
    /// ```
    @_spi(Testing)
    public func toUnicodeThroughICU(_ name: String) throws(IdentifierError) -> Result {
        try withUTF8Buffer(name) { (bytes) throws(IdentifierError) in try handle.run(bytes, .nameToUnicode) }
    }

    /// ``labelToASCII(_:)`` through ICU, never the fast path (for tests).
    ///
    /// ```swift
    /// try IDNA().labelToASCIIThroughICU("example")
    /// ```
    @_spi(Testing)
    public func labelToASCIIThroughICU(_ label: String) throws(IdentifierError) -> Result {
        try withUTF8Buffer(label) { (bytes) throws(IdentifierError) in try handle.run(bytes, .labelToASCII) }
    }

    /// ``labelToUnicode(_:)`` through ICU, never the fast path (for tests).
    ///
    /// ```swift
    /// try IDNA().labelToUnicodeThroughICU("example")
    /// ```
    @_spi(Testing)
    public func labelToUnicodeThroughICU(_ label: String) throws(IdentifierError) -> Result {
        try withUTF8Buffer(label) { (bytes) throws(IdentifierError) in try handle.run(bytes, .labelToUnicode) }
    }

    /// Whether `name` takes the fast path (for tests).
    ///
    /// ```swift
    /// IDNA.isFastPathName("example.com")  // true
    /// ```
    @_spi(Testing)
    public static func isFastPathName(_ name: String) -> Bool {
        withUTF8Bytes(name) { isValidLowercaseLDH($0, label: false) }
    }
}
