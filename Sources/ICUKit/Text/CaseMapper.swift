internal import CICU

/// Locale-aware case mapping and case folding on UTF-8, with ICU's full (1:n) mappings.
///
/// Turkish and Azerbaijani dotted and dotless i, Lithuanian dot above, Greek uppercase
/// without accents, Dutch "IJ" in titlecase: the locale decides.
///
/// ```swift
/// let turkish = try CaseMapper(locale: LocaleID("tr"))
/// try turkish.uppercased("istanbul")                  // "İSTANBUL"
/// try CaseMapper(locale: LocaleID("el")).uppercased("Άδεια")  // "ΑΔΕΙΑ"
/// try CaseMapper(locale: LocaleID("nl")).titlecased("ijsland") // "IJsland"
/// try CaseMapper().folded("Straße")                   // "strasse"
/// ```
///
/// The corresponding C functions are `ucasemap_utf8ToUpper`, `ucasemap_utf8ToLower`,
/// `ucasemap_utf8ToTitle` and `ucasemap_utf8FoldCase`.
public struct CaseMapper: Sendable, Hashable {
    /// ICU's titlecasing options.
    ///
    /// ```swift
    /// try CaseMapper().titlecased("the iPhone", options: .noLowercase)  // "The IPhone"
    /// ```
    public struct TitleOptions: OptionSet, Sendable, Hashable {
        /// ICU's `U_TITLECASE_*` option bits.
        public let rawValue: UInt32
        /// Options from ICU's `U_TITLECASE_*` bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Leave the rest of each word as it is (`U_TITLECASE_NO_LOWERCASE`).
        public static let noLowercase = TitleOptions(rawValue: UInt32(U_TITLECASE_NO_LOWERCASE))
        /// Titlecase the first character of each word even if it is not cased
        /// (`U_TITLECASE_NO_BREAK_ADJUSTMENT`).
        public static let noBreakAdjustment = TitleOptions(rawValue: UInt32(U_TITLECASE_NO_BREAK_ADJUSTMENT))
        /// Move the titlecasing to the first cased character of each word (`U_TITLECASE_ADJUST_TO_CASED`).
        public static let adjustToCased = TitleOptions(rawValue: UInt32(U_TITLECASE_ADJUST_TO_CASED))
        /// Treat the whole string as one word (`U_TITLECASE_WHOLE_STRING`).
        public static let wholeString = TitleOptions(rawValue: UInt32(U_TITLECASE_WHOLE_STRING))
        /// Titlecase the start of each sentence only (`U_TITLECASE_SENTENCES`).
        public static let sentences = TitleOptions(rawValue: UInt32(U_TITLECASE_SENTENCES))
    }

    /// The locale whose rules apply (root: the default Unicode mappings).
    public let locale: LocaleID

    /// A case mapper for `locale`.
    ///
    /// ```swift
    /// let mapper = try CaseMapper(locale: LocaleID("lt"))
    /// ```
    public init(locale: LocaleID = .root) {
        self.locale = locale
    }

    /// A case mapper for a locale identifier (BCP 47 or ICU).
    ///
    /// ```swift
    /// let azeri = try CaseMapper(localeIdentifier: "az")
    /// ```
    /// - Throws: ``TextTransformError/unknownLocale(_:)`` if it is not well formed.
    public init(localeIdentifier: String) throws(TextTransformError) {
        do { locale = try LocaleID(localeIdentifier) } catch { throw .unknownLocale(localeIdentifier) }
    }

    /// `text` in uppercase.
    ///
    /// ```swift
    /// try CaseMapper().uppercased("straße")  // "STRASSE"
    /// ```
    public func uppercased(_ text: String) throws(TextTransformError) -> String {
        try map(text, .upper, fastPath: true)
    }

    /// `text` in lowercase.
    ///
    /// ```swift
    /// try CaseMapper(locale: LocaleID("tr")).lowercased("DİYARBAKIR")  // "diyarbakır"
    /// ```
    public func lowercased(_ text: String) throws(TextTransformError) -> String {
        try map(text, .lower, fastPath: true)
    }

    /// `text` in titlecase: the first cased character of each word (by the locale's word
    /// boundaries) titlecased, the rest lowercased unless `options` say otherwise.
    ///
    /// ```swift
    /// try CaseMapper(locale: LocaleID("nl")).titlecased("ijsselmeer")  // "IJsselmeer"
    /// ```
    public func titlecased(_ text: String, options: TitleOptions = []) throws(TextTransformError) -> String {
        let handle = try CaseMapHandle.handle(locale: locale.identifier, options: options.rawValue)
        return try handle.titlePool.withHandle { (map) throws(TextTransformError) in
            try Self.map(text) { ICU.ucasemap_utf8ToTitle(map, $0, $1, $2, $3) }
        }
    }

    /// `text` case-folded (full folding, for caseless matching). `turkic` uses the
    /// Turkish and Azerbaijani mappings of I and İ; by default it follows the locale.
    ///
    /// ```swift
    /// try CaseMapper().folded("ΣΊΣΥΦΟΣ")  // "σίσυφοσ"
    /// try CaseMapper(locale: LocaleID("tr")).folded("I")  // "ı"
    /// ```
    public func folded(_ text: String, turkic: Bool? = nil) throws(TextTransformError) -> String {
        if turkic ?? isTurkic {
            let map = try CaseMapHandle.handle(locale: "", options: UInt32(U_FOLD_CASE_EXCLUDE_SPECIAL_I)).shared.pointer
            return try Self.map(text) { ICU.ucasemap_utf8FoldCase(map, $0, $1, $2, $3) }
        }
        return try map(text, .fold, fastPath: true)
    }

    /// Whether `a` and `b` are equal ignoring case: Unicode's canonical caseless match
    /// (D145), `NFD(fold(NFD(a))) == NFD(fold(NFD(b)))`.
    ///
    /// ```swift
    /// try CaseMapper().caselessEquals("STRASSE", "straße")      // true
    /// try CaseMapper().caselessEquals("Å", "a\u{30A}")          // true
    /// ```
    public func caselessEquals(_ a: String, _ b: String) throws(TextTransformError) -> Bool {
        if a == b { return true }
        return try caselessKey(a) == caselessKey(b)
    }

    /// The key of a compatibility caseless match (Unicode D146 with NFKC_Casefold): equal
    /// keys for text that differs only by case, width, compatibility forms and default
    /// ignorables. Use it for search keys and user names.
    ///
    /// ```swift
    /// try CaseMapper().foldKey("Ｆｏｏ\u{AD}Bar")  // "foobar"
    /// ```
    public func foldKey(_ text: String) throws(TextTransformError) -> String {
        if isTurkic { return try Normalizer.nfkcCasefold.normalize(folded(Normalizer.nfkc.normalize(text))) }
        return try Normalizer.nfkcCasefold.normalize(text)
    }

    private func caselessKey(_ text: String) throws(TextTransformError) -> String {
        try Normalizer.nfd.normalize(folded(Normalizer.nfd.normalize(text)))
    }

    /// The operations of the fast path (for tests).
    @_spi(Testing)
    public enum FastPathOperation: Sendable, CaseIterable {
        /// ``uppercased(_:)``.
        case upper
        /// ``lowercased(_:)``.
        case lower
        /// ``folded(_:turkic:)`` without the Turkic option.
        case fold
    }

    /// ICU's own answer (`ucasemap_utf8To*`, the whole text, never the fast path; for tests).
    @_spi(Testing)
    public func mappedThroughICU(_ text: String, _ operation: FastPathOperation) throws(TextTransformError) -> String {
        try map(text, operation, fastPath: false)
    }

    /// The fast path's answer, or `nil` where it declines (a locale not like root, or a
    /// text it hands to ICU whole); for tests.
    @_spi(Testing)
    public func mappedByFastPath(_ text: String, _ operation: FastPathOperation) throws(TextTransformError) -> String? {
        let (handle, call) = try icuCall(operation)
        guard handle.rootLike, let table = CaseMappingTables.table(Self.tableOperation(operation)) else { return nil }
        return try Normalizer.withUTF8(text) { (bytes) throws(TextTransformError) -> String? in
            switch table.map(bytes, call) {
            case .unchanged: return text
            case .mapped(let result): return result
            case .declined: return nil
            }
        }
    }

    /// The number of code points where a fast-path table disagrees with ICU (must be 0;
    /// walks the whole code space with ICU's probes; for tests).
    @_spi(Testing)
    public static func fastPathTableMismatches(_ operation: FastPathOperation) throws(TextTransformError) -> Int {
        try CaseMappingTables.make(tableOperation(operation)).get().mismatches()
    }

    /// The number of code points (the tables' candidates) where the table builder's value
    /// differs from the plain reference computation (must be 0; for tests).
    @_spi(Testing)
    public static func fastPathBuilderMismatches(_ operation: FastPathOperation) throws(TextTransformError) -> Int {
        try CaseMappingTable.builderMismatches(tableOperation(operation))
    }

    private static func tableOperation(_ operation: FastPathOperation) -> CaseMappingTable.Operation {
        switch operation {
        case .upper: .upper
        case .lower: .lower
        case .fold: .fold
        }
    }

    /// The map handle and ICU function of a (non-Turkic) operation.
    private func icuCall(_ operation: FastPathOperation) throws(TextTransformError) -> (CaseMapHandle, CaseMappingTable.ICUCall) {
        let handle = switch operation {
        case .upper, .lower: try CaseMapHandle.handle(locale: locale.identifier, options: 0)
        case .fold: try CaseMapHandle.handle(locale: "", options: UInt32(U_FOLD_CASE_DEFAULT))
        }
        return (handle, CaseMappingTable.call(Self.tableOperation(operation), handle.shared.pointer))
    }

    /// Upper, lower or default fold: the table's fast path where the locale behaves like
    /// root (see `CaseMappingTable`), ICU for the whole text otherwise or where it declines.
    private func map(_ text: String, _ operation: FastPathOperation, fastPath: Bool) throws(TextTransformError) -> String {
        let (handle, call) = try icuCall(operation)
        if fastPath, handle.rootLike, let table = CaseMappingTables.table(Self.tableOperation(operation)) {
            let result = try Normalizer.withUTF8(text) { (bytes) throws(TextTransformError) -> String? in
                guard bytes.count <= Int(Int32.max) / 3 else {
                    throw .inputTooLong(InputTooLongError(length: bytes.count, limit: Int(Int32.max) / 3, unit: "UTF-8 bytes"))
                }
                switch table.map(bytes, call) {
                case .unchanged: return text
                case .mapped(let result): return result
                case .declined: return nil
                }
            }
            if let result { return result }
        }
        return try Self.map(text, call)
    }

    private var isTurkic: Bool {
        let language = locale.language
        return language == "tr" || language == "az"
    }

    /// Runs one of ICU's UTF-8 case functions into a string buffer (one retry with the
    /// exact size if the result is longer than 1.5x the input).
    private static func map(_ text: String, _ call: ICU.CaseMapCall) throws(TextTransformError) -> String {
        try Normalizer.withUTF8(text) { (bytes) throws(TextTransformError) -> String in
            if bytes.isEmpty { return "" }
            guard bytes.count <= Int(Int32.max) / 3 else {
                throw .inputTooLong(InputTooLongError(length: bytes.count, limit: Int(Int32.max) / 3, unit: "UTF-8 bytes"))
            }
            return try bytes.withMemoryRebound(to: CChar.self) { (source) throws(TextTransformError) -> String in
                var capacity = bytes.count + bytes.count / 2 + 16
                while true {
                    var failure: ICUError? = nil
                    var needed: Int32 = 0
                    let result = String(unsafeUninitializedCapacity: capacity) { buffer in
                        buffer.withMemoryRebound(to: CChar.self) { out in
                            (needed, failure) = call(out.baseAddress!, Int32(out.count), source.baseAddress, Int32(source.count))
                        }
                        return failure == nil ? Int(needed) : 0
                    }
                    if let failure {
                        if failure.isBufferOverflow && Int(needed) > capacity { capacity = Int(needed); continue }
                        throw .icu(failure)
                    }
                    return result
                }
            }
        }
    }
}
