internal import CICU

/// Unicode normalization (UAX #15): NFC, NFD, NFKC, NFKD and NFKC_Casefold.
///
/// Text that is already normalized, which is most text, is returned as is: ASCII and
/// other quick-check-"yes" runs are checked directly on the UTF-8, and only the spans
/// that need work go through ICU's UTF-8 normalizer (no UTF-16 conversion).
///
/// ```swift
/// let nfc = try Normalizer.nfc.normalize("e\u{301}")         // "é" (U+00E9)
/// let key = try Normalizer.nfkcCasefold.normalize("Ｓｔｒａßｅ") // "strasse"
/// try Normalizer.nfd.isNormalized("é")                      // false
/// ```
///
/// The corresponding ICU functions are `unorm2_normalize`, `unorm2_isNormalized` and
/// `unorm2_quickCheck` over `unorm2_getNFCInstance` and its siblings (ICUKit calls their
/// UTF-8 forms, C++ `Normalizer2::normalizeUTF8` and `isNormalizedUTF8`).
public struct Normalizer: Sendable, Hashable {
    /// A normalization form.
    ///
    /// ```swift
    /// let form = Normalizer.Form(rawValue: "nfkc-casefold")  // .nfkcCasefold
    /// ```
    public enum Form: String, Sendable, Hashable, CaseIterable {
        /// Canonical composition.
        case nfc
        /// Canonical decomposition.
        case nfd
        /// Compatibility composition.
        case nfkc
        /// Compatibility decomposition.
        case nfkd
        /// NFKC with case folding and default-ignorable removal (`NFKC_Casefold`, ICU's `nfkc_cf`):
        /// the form for search keys and identifiers.
        case nfkcCasefold = "nfkc-casefold"
    }

    /// The answer of a quick check.
    ///
    /// ```swift
    /// try Normalizer.nfc.quickCheck("e\u{301}")  // .maybe
    /// ```
    public enum QuickCheckResult: Sendable, Hashable {
        /// The text is normalized.
        case yes
        /// The text is not normalized.
        case no
        /// Only a full check (``Normalizer/isNormalized(_:)``) can tell.
        case maybe
    }

    /// The form this normalizer produces.
    public let form: Form

    /// A normalizer for `form`.
    ///
    /// ```swift
    /// let normalizer = Normalizer(.nfkc)
    /// ```
    public init(_ form: Form) { self.form = form }

    /// NFC: the form to store, hash and compare text in.
    public static let nfc = Normalizer(.nfc)
    /// NFD.
    public static let nfd = Normalizer(.nfd)
    /// NFKC.
    public static let nfkc = Normalizer(.nfkc)
    /// NFKD.
    public static let nfkd = Normalizer(.nfkd)
    /// NFKC_Casefold: the form for search keys and user names.
    public static let nfkcCasefold = Normalizer(.nfkcCasefold)

    /// `text` in this form; the same string (no copy) when it already is.
    ///
    /// ```swift
    /// try Normalizer.nfc.normalize("Ame\u{301}lie")  // "Amélie"
    /// ```
    /// - Throws: ``TextTransformError/icu(_:)`` if ICU fails, ``TextTransformError/inputTooLong(_:)``
    ///   for a run of over a billion code units without a normalization boundary.
    public func normalize(_ text: String) throws(TextTransformError) -> String {
        let engine = try Self.engine(form)
        let result = try Self.withUTF8(text) { (bytes) throws(TextTransformError) in try engine.normalize(bytes) }
        return result ?? text
    }

    /// `text` in this form.
    ///
    /// ```swift
    /// let line = "x: A\u{30A}"[...]
    /// try Normalizer.nfc.normalize(line.dropFirst(3))  // "Å"
    /// ```
    public func normalize(_ text: Substring) throws(TextTransformError) -> String {
        try normalize(String(text))
    }

    /// UTF-8 bytes in this form, as a `String`.
    ///
    /// ```swift
    /// try Normalizer.nfc.normalize(utf8: [0x65, 0xCC, 0x81])  // "é"
    /// ```
    /// - Throws: ``TextTransformError/invalidUTF8(_:)`` with the offset of the first bad byte.
    public func normalize<Bytes: Collection>(utf8 bytes: Bytes) throws(TextTransformError) -> String where Bytes.Element == UInt8 {
        let text: String
        do { text = try UTF8Decoding.decode(bytes) } catch { throw .invalidUTF8(error) }
        return try normalize(text)
    }

    /// Whether `text` is in this form.
    ///
    /// ```swift
    /// try Normalizer.nfc.isNormalized("Å")         // true
    /// try Normalizer.nfc.isNormalized("A\u{30A}")  // false
    /// ```
    public func isNormalized<S: StringProtocol>(_ text: S) throws(TextTransformError) -> Bool {
        let engine = try Self.engine(form)
        return try Self.withUTF8(String(text)) { (bytes) throws(TextTransformError) in try engine.isNormalized(bytes) }
    }

    /// ICU's quick check: `.yes` and `.no` are definite, `.maybe` needs ``isNormalized(_:)``.
    ///
    /// ```swift
    /// try Normalizer.nfd.quickCheck("é")  // .no
    /// ```
    public func quickCheck<S: StringProtocol>(_ text: S) throws(TextTransformError) -> QuickCheckResult {
        let engine = try Self.engine(form)
        let result = try Self.withUTF8(String(text)) { (bytes) throws(TextTransformError) in try engine.quickCheck(bytes) }
        return result == UNORM_YES ? .yes : result == UNORM_NO ? .no : .maybe
    }

    /// A stream that normalizes UTF-8 arriving in chunks, in bounded memory.
    ///
    /// ```swift
    /// var stream = Normalizer.nfc.makeStream()
    /// var out = try stream.normalize(chunk1)
    /// out += try stream.finish()
    /// ```
    /// - Parameter lossy: replace invalid UTF-8 with U+FFFD instead of throwing.
    public func makeStream(lossy: Bool = false) -> NormalizationStream {
        NormalizationStream(form: form, lossy: lossy)
    }

    /// The whole text through ICU's UTF-16 `unorm2_normalize`, without the UTF-8 quick
    /// check (what the fast path must always agree with; for tests and benchmarks).
    @_spi(Testing)
    public func normalizeThroughICU(_ text: String) throws(TextTransformError) -> String {
        let engine = try Self.engine(form)
        var out: [UInt8] = []
        var scratch = ICUScratch()
        try Self.withUTF8(text) { (bytes) throws(TextTransformError) in
            try scratch.normalize(bytes, with: engine.instance, appendingTo: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The whole text through ICU's UTF-8 normalizer (`Normalizer2::normalizeUTF8`, what the
    /// fast path sends its regions to), without the quick check (for tests and benchmarks).
    @_spi(Testing)
    public func normalizeThroughICUUTF8(_ text: String) throws(TextTransformError) -> String {
        let engine = try Self.engine(form)
        var out: [UInt8] = []
        try Self.withUTF8(text) { (bytes) throws(TextTransformError) in
            try UTF8Normalization.normalize(bytes, with: engine.instance, appendingTo: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// ICU's `Normalizer2::isNormalizedUTF8` over the whole text (for tests).
    @_spi(Testing)
    public func isNormalizedThroughICUUTF8(_ text: String) throws(TextTransformError) -> Bool {
        let engine = try Self.engine(form)
        return try Self.withUTF8(text) { (bytes) throws(TextTransformError) in try UTF8Normalization.isNormalized(bytes, with: engine.instance) }
    }

    /// ICU's `unorm2_isNormalized` over the whole text as UTF-16 (for tests).
    @_spi(Testing)
    public func isNormalizedThroughICU(_ text: String) throws(TextTransformError) -> Bool {
        let engine = try Self.engine(form)
        var scratch = ICUScratch()
        return try Self.withUTF8(text) { (bytes) throws(TextTransformError) in try scratch.isNormalized(bytes, with: engine.instance) }
    }

    /// The number of code points where the UTF-8 fast path's table disagrees with ICU
    /// (must be 0; for tests).
    @_spi(Testing)
    public func tableMismatches() throws(TextTransformError) -> Int {
        try Self.engine(form).mismatches()
    }

    /// The whole text through the Swift fast path of NFC and NFD (`NormalizationFastTable`),
    /// without the quick check, and the number of segments it gave to ICU (other forms:
    /// ICU's UTF-8 normalizer, `-1` segments). For tests.
    ///
    /// ```swift
    /// try Normalizer.nfc.normalizeThroughFastPath("\u{304B}\u{3099}")  // ("\u{304C}", 0)
    /// ```
    @_spi(Testing)
    public func normalizeThroughFastPath(_ text: String) throws(TextTransformError) -> (text: String, icuSegments: Int) {
        let engine = try Self.engine(form)
        guard let direction = engine.fastDirection, let table = NormalizationFastTables.table else {
            return (try normalizeThroughICUUTF8(text), -1)
        }
        var out = NormalizedOutput()
        defer { out.deallocate() }
        let segments = try Self.withUTF8(text) { (bytes) throws(TextTransformError) in
            try table.append(bytes, direction, to: &out, instance: engine.instance)
        }
        return (out.string(), segments)
    }

    /// The number of code points where the fast path's NFC/NFD table disagrees with ICU, and
    /// the number of composition pairs it holds (for tests; walks the whole code space).
    @_spi(Testing)
    public static func fastPathTableCheck() throws(TextTransformError) -> (mismatches: Int, pairs: Int) {
        switch NormalizationFastTables.shared {
        case .success(let table): return (table.mismatches(), table.pairCount)
        case .failure(let error): throw .icu(error)
        }
    }

    /// The normalization and case-mapping tables built from the running ICU, as the bytes
    /// `Scripts/build-text-tables.sh` embeds (for tests and that script).
    @_spi(Testing)
    public static func builtTextTables() throws(TextTransformError) -> [UInt8] {
        try PrebuiltTextTables.build()
    }

    /// The embedded tables' bytes when the running ICU made them (the process uses them),
    /// else `nil` (the process builds its tables from ICU). For tests.
    @_spi(Testing)
    public static var embeddedTextTables: [UInt8]? {
        PrebuiltTextTables.embedded.map { Array($0.bytes) }
    }

    // MARK: Internals

    /// The engine of `form`, made on first use (from the embedded tables, or built from ICU
    /// in a few milliseconds when the running ICU is another version).
    static func engine(_ form: Form) throws(TextTransformError) -> NormalizationEngine {
        let result: Result<NormalizationEngine, ICUError> = switch form {
        case .nfc: EngineStore.nfc
        case .nfd: EngineStore.nfd
        case .nfkc: EngineStore.nfkc
        case .nfkd: EngineStore.nfkd
        case .nfkcCasefold: EngineStore.nfkcCasefold
        }
        switch result {
        case .success(let engine): return engine
        case .failure(let error): throw .icu(error)
        }
    }

    /// Runs `body` over the UTF-8 of `text` (copied only if the string is not native).
    @inline(__always)
    static func withUTF8<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws(TextTransformError) -> R) throws(TextTransformError) -> R {
        let result: Result<R, TextTransformError>? = text.utf8.withContiguousStorageIfAvailable { bytes in
            do throws(TextTransformError) { return .success(try body(bytes)) } catch { return .failure(error) }
        }
        if let result { return try result.get() }
        let copy = Array(text.utf8)
        return try copy.withUnsafeBufferPointer { (bytes) throws(TextTransformError) in try body(bytes) }
    }
}

/// One engine per form, made on first use (Swift's `static let` runs its initializer once,
/// thread-safely).
private enum EngineStore {
    static let nfc = make(.nfc)
    static let nfd = make(.nfd)
    static let nfkc = make(.nfkc)
    static let nfkd = make(.nfkd)
    static let nfkcCasefold = make(.nfkcCasefold)

    /// Over the embedded tables when the running ICU made them, else built from ICU.
    static func make(_ form: Normalizer.Form) -> Result<NormalizationEngine, ICUError> {
        do throws(ICUError) {
            if let prebuilt = PrebuiltTextTables.embedded, let engine = try NormalizationEngine(form: form, prebuilt: prebuilt) {
                return .success(engine)
            }
            return .success(try NormalizationEngine(form: form))
        } catch { return .failure(error) }
    }
}
