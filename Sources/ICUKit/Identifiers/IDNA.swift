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
            var value: UInt32 = 0  // (not UIDNA_DEFAULT: ICU 76 made it the nontransitional bits)
            if !transitional { value |= UInt32(UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE) }
            if checkBidi { value |= UInt32(UIDNA_CHECK_BIDI) }
            if checkContextJ { value |= UInt32(UIDNA_CHECK_CONTEXTJ) }
            if checkContextO { value |= UInt32(UIDNA_CHECK_CONTEXTO) }
            if useSTD3ASCIIRules { value |= UInt32(UIDNA_USE_STD3_RULES) }
            return value
        }
    }

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

    // MARK: Internals

    enum Operation {
        case nameToASCII, nameToUnicode, labelToASCII, labelToUnicode
        var isLabel: Bool { self == .labelToASCII || self == .labelToUnicode }
    }

    private func processChecked<Bytes: Collection>(_ input: Bytes, _ operation: Operation) throws(IdentifierError) -> Result where Bytes.Element == UInt8 {
        if let offset = UTF8Decoding.firstInvalidOffset(in: input) {
            throw .invalidUTF8(InvalidUTF8Error(byteOffset: offset))
        }
        let result: Swift.Result<Result, IdentifierError>? = input.withContiguousStorageIfAvailable { bytes in
            do throws(IdentifierError) { return .success(try process(bytes, operation)) } catch { return .failure(error) }
        }
        if let result { return try result.get() }
        let copy = Array(input)
        return try copy.withUnsafeBufferPointer { (bytes) throws(IdentifierError) in try process(bytes, operation) }
    }

    /// A `String`'s UTF-8 through the fast path (which returns the string itself: no copy,
    /// no allocation) or ICU.
    @inline(__always)
    private func process(string: String, _ operation: Operation) throws(IdentifierError) -> Result {
        var text = string  // withUTF8 makes a bridged string contiguous; native ones as they are
        let handle = self.handle
        let result: Swift.Result<Result, IdentifierError> = text.withUTF8 { bytes in
            if Self.isValidLowercaseLDH(bytes, label: operation.isLabel) {
                return .success(Result(output: string, errors: [], isTransitionalDifferent: false))
            }
            do throws(IdentifierError) { return .success(try handle.run(bytes, operation)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    @inline(__always)
    private func process(_ bytes: UnsafeBufferPointer<UInt8>, _ operation: Operation) throws(IdentifierError) -> Result {
        if Self.isValidLowercaseLDH(bytes, label: operation.isLabel) {
            return Result(output: String(decoding: bytes, as: UTF8.self), errors: [], isTransitionalDifferent: false)
        }
        return try handle.run(bytes, operation)
    }

    /// Whether `bytes` is a name (or label) that UTS #46 processing returns unchanged and
    /// without errors under any options: only `a-z`, `0-9`, `-` and `.`; no empty label
    /// except the root label after a final dot; labels of 1–63 bytes that neither start
    /// nor end with a hyphen nor have hyphens in positions 3 and 4 (which also excludes
    /// `xn--`); at most 253 bytes (254 with the final dot). Such a name has nothing to
    /// map, nothing disallowed even under STD3 rules, no bidi or joiner context.
    @inline(__always)
    static func isValidLowercaseLDH(_ bytes: UnsafeBufferPointer<UInt8>, label: Bool) -> Bool {
        let count = bytes.count
        if count == 0 || count > 254 { return false }
        var labelStart = 0
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                if label || !isValidLabel(bytes, labelStart, index) { return false }
                labelStart = index + 1
            } else if !((byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")) {
                return false
            }
            index += 1
        }
        if labelStart == count {
            // A final dot: the root label, allowed (the name is then at most 254 bytes).
            return true
        }
        return count <= 253 && isValidLabel(bytes, labelStart, count)
    }

    @inline(__always)
    private static func isValidLabel(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let length = end - start
        if length < 1 || length > 63 { return false }
        let hyphen = UInt8(ascii: "-")
        if bytes[start] == hyphen || bytes[end - 1] == hyphen { return false }
        if length >= 4 && bytes[start + 2] == hyphen && bytes[start + 3] == hyphen { return false }
        return true
    }
}

/// One `UIDNA` per options value, opened on first use and kept for the process.
///
/// `Sendable` notes: uidna.h says "The instance is thread-safe, that is, it can be used
/// concurrently"; every processing function takes a `const UIDNA *`.
final class IDNAHandle: @unchecked Sendable {
    let pointer: OpaquePointer

    private static let cache = ConfigurationCache<UInt32, IDNAHandle>(limit: 64)

    static func handle(_ options: UInt32) throws(IdentifierError) -> IDNAHandle {
        try cache.value(for: options) { () throws(IdentifierError) in
            IDNAHandle(try IdentifierError.wrapping { () throws(ICUError) in try ICU.uidna_openUTS46(options) })
        }
    }

    private init(_ pointer: OpaquePointer) { self.pointer = pointer }

    deinit { uidna_close(pointer) }

    /// ICU's Punycode refuses to encode a label of over 1,000 UTF-16 code units or to
    /// decode an `xn--` label of over 2,000 (which fails the whole call): the longest label and the limit it broke. Labels are measured after
    /// UTS #46 mapping (which toUnicode's output shows; U+FDFA alone maps to 18
    /// characters) when toUnicode can give it, else in the input.
    func punycodeLimitError(_ bytes: UnsafeBufferPointer<UInt8>, _ operation: IDNA.Operation) -> InputTooLongError {
        let unit = "UTF-16 code units in one label (ICU's Punycode limit)"
        func longest(_ text: String) -> (units: Int, isACE: Bool) {
            var longest = 0, isACE = false
            for label in text.split(whereSeparator: { $0 == "." || $0 == "\u{3002}" || $0 == "\u{FF0E}" || $0 == "\u{FF61}" }) {
                let units = label.utf16.count
                if units > longest { longest = units; isACE = label.lowercased().hasPrefix("xn--") }
            }
            return (longest, isACE)
        }
        if operation == .nameToASCII || operation == .labelToASCII,
           let mapped = try? run(bytes, operation == .nameToASCII ? .nameToUnicode : .labelToUnicode) {
            let (units, _) = longest(mapped.output)
            if units > 1000 { return InputTooLongError(length: units, limit: 1000, unit: unit) }
        }
        let (units, isACE) = longest(String(decoding: bytes, as: UTF8.self))
        return InputTooLongError(length: units, limit: isACE ? 2000 : 1000, unit: unit)
    }

    /// Runs one of ICU's four UTF-8 functions into a stack buffer (or, past it, straight into
    /// the result string's storage); retries once with the exact size when the first buffer is short.
    func run(_ bytes: UnsafeBufferPointer<UInt8>, _ operation: IDNA.Operation) throws(IdentifierError) -> IDNA.Result {
        guard bytes.count <= Int(Int32.max) else {
            throw .inputTooLong(InputTooLongError(length: bytes.count, limit: Int(Int32.max), unit: "UTF-8 bytes"))
        }
        let idna = pointer
        let source = UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self)
        let length = Int32(bytes.count)
        // Most outputs are about as long as the input (Punycode adds "xn--" and a few
        // bytes per label): a stack buffer of twice the input first (names are short, and a
        // `String` of up to 15 bytes then needs no allocation at all), the exact size when
        // that is short. (No closure here captures a `var`: a captured variable
        // would be boxed on the heap, once per call.)
        let guess = min(bytes.count * 2 + 64, Int(Int32.max))
        let first: (output: String?, needed: Int32, status: ICU.IDNAStatus, info: CICU_UIDNAInfo) =
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: guess) { buffer in
                var info = Self.emptyInfo
                let (needed, status) = ICU.uidna_UTF8(operation, idna, source, length, buffer.baseAddress!, Int32(buffer.count), &info)
                guard status == .success, Int(needed) <= buffer.count else { return (nil, needed, status, info) }
                return (String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress!, count: Int(needed)), as: UTF8.self), needed, status, info)
            }
        var output = first.output, status = first.status, info = first.info
        if output == nil, status == .bufferOverflow {
            let exact = Int(first.needed)
            var retryInfo = Self.emptyInfo, retryStatus = ICU.IDNAStatus.success
            output = String(unsafeUninitializedCapacity: max(exact, 1)) { buffer in
                let needed: Int32
                (needed, retryStatus) = buffer.withMemoryRebound(to: CChar.self) { destination in
                    ICU.uidna_UTF8(operation, idna, source, length, destination.baseAddress!, Int32(destination.count), &retryInfo)
                }
                return retryStatus == .success ? min(Int(needed), buffer.count) : 0
            }
            status = retryStatus
            info = retryInfo
        }
        switch status {
        case .success: break
        case .inputTooLong: throw .inputTooLong(punycodeLimitError(bytes, operation))
        case .bufferOverflow: throw .icu(ICU.IDNAStatus.bufferOverflowError(operation))
        case .failure(let error): throw .icu(error)
        }
        return IDNA.Result(output: output ?? "", errors: IDNA.Errors(rawValue: info.errors), isTransitionalDifferent: info.isTransitionalDifferent != 0)
    }

    static let emptyInfo = CICU_UIDNAInfo(size: Int16(MemoryLayout<CICU_UIDNAInfo>.size), isTransitionalDifferent: 0, reservedB3: 0, errors: 0, reservedI2: 0, reservedI3: 0)
}
