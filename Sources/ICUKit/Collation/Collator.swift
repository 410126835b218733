internal import CICU

/// Locale-sensitive string comparison by ICU's collation (UCA + CLDR tailorings): Danish
/// "aa" after "z", Swedish "ä" after "z", German phonebook "ä" = "ae", Chinese by pinyin
/// or stroke, Spanish traditional "ch", numeric "file2" < "file10", and more.
///
/// A `Collator` holds one configured `UCollator` that ICU allows threads to share for
/// comparisons and sort keys; options are fixed at creation.
///
/// ```swift
/// let danish = try Collator(locale: "da")
/// danish.sorted(["Aarhus", "Zagreb", "Ærø"])      // ["Zagreb", "Ærø", "Aarhus"]
/// let phonebook = try Collator(locale: "de-u-co-phonebk")
/// phonebook.compare("Äpfel", "Affe")             // .ascending ("Ä" sorts as "ae")
/// var options = Collator.Options()
/// options.strength = .primary                     // ignore case and accents
/// try Collator(locale: "fr", options: options).compare("côte", "Cote")  // .equal
/// ```
public struct Collator: Sendable {
    /// The result of a comparison.
    public enum Order: Int, Sendable, Hashable {
        /// The first string sorts before the second.
        case ascending = -1
        /// They are equal at the collator's strength.
        case equal = 0
        /// The first string sorts after the second.
        case descending = 1
    }

    /// Which differences count (UCA levels).
    public enum Strength: String, Sendable, Hashable, CaseIterable {
        /// Base letters only: "a" = "á" = "A".
        case primary
        /// Also accents: "a" = "A" but "a" ≠ "á".
        case secondary
        /// Also case and variants (ICU's default): "a" ≠ "A".
        case tertiary
        /// Also punctuation when it is ignored (`alternate: .shifted`), and kana types.
        case quaternary
        /// Every code point difference after normalization.
        case identical

        var icuValue: Int32 {
            switch self {
            case .primary: UCOL_PRIMARY
            case .secondary: UCOL_SECONDARY
            case .tertiary: UCOL_TERTIARY
            case .quaternary: UCOL_QUATERNARY
            case .identical: UCOL_IDENTICAL
            }
        }
    }

    /// Which case sorts first when strings differ only in case.
    public enum CaseFirst: String, Sendable, Hashable, CaseIterable {
        /// Uppercase first: "A" < "a".
        case upper
        /// Lowercase first: "a" < "A".
        case lower
        /// No preference (tertiary weights decide: lowercase first in most locales).
        case off
    }

    /// How spaces and punctuation ("variable" characters) are compared.
    public enum Alternate: String, Sendable, Hashable, CaseIterable {
        /// They count like letters (ICU's default).
        case nonIgnorable
        /// They are ignored up to the quaternary level: "de luge" = "deluge" = "de-luge".
        case shifted
    }

    /// Collation options; each `nil` field means "the locale's default" (ICU's `UCOL_DEFAULT`).
    ///
    /// ```swift
    /// var options = Collator.Options()
    /// options.numeric = true                     // "file2" < "file10"
    /// options.reorder = ["Grek", "Latn"]        // Greek before Latin
    /// ```
    public struct Options: Sendable, Hashable {
        /// Which differences count.
        public var strength: Strength?
        /// Compare runs of digits by numeric value.
        public var numeric: Bool?
        /// Which case sorts first.
        public var caseFirst: CaseFirst?
        /// Compare case on its own level (case-sensitive even at primary strength).
        public var caseLevel: Bool?
        /// How spaces and punctuation count.
        public var alternate: Alternate?
        /// Compare accents from the end of the string (Canadian French).
        public var backwardsSecondary: Bool?
        /// Normalize (NFD) strings before comparing (needed for unnormalized input in some scripts).
        public var normalization: Bool?
        /// Script groups to move first, in order: ISO 15924 codes (`"Grek"`, `"Cyrl"`) or
        /// `"space"`, `"punct"`, `"symbol"`, `"currency"`, `"digit"`, `"others"`.
        public var reorder: [String]?

        /// Options with the given attributes; each one left `nil` keeps the locale's default.
        ///
        /// ```swift
        /// let options = Collator.Options(strength: .primary, numeric: true)  // "a2" < "A10"
        /// ```
        public init(
            strength: Strength? = nil, numeric: Bool? = nil, caseFirst: CaseFirst? = nil, caseLevel: Bool? = nil,
            alternate: Alternate? = nil, backwardsSecondary: Bool? = nil, normalization: Bool? = nil, reorder: [String]? = nil
        ) {
            self.strength = strength
            self.numeric = numeric
            self.caseFirst = caseFirst
            self.caseLevel = caseLevel
            self.alternate = alternate
            self.backwardsSecondary = backwardsSecondary
            self.normalization = normalization
            self.reorder = reorder
        }

        func attributes() -> [(Int32, Int32)] {
            func flag(_ value: Bool?) -> Int32? { value.map { $0 ? UCOL_ON : UCOL_OFF } }
            var attributes: [(Int32, Int32?)] = [
                (UCOL_STRENGTH, strength?.icuValue),
                (UCOL_NUMERIC_COLLATION, flag(numeric)),
                (UCOL_CASE_LEVEL, flag(caseLevel)),
                (UCOL_FRENCH_COLLATION, flag(backwardsSecondary)),
                (UCOL_NORMALIZATION_MODE, flag(normalization)),
            ]
            attributes.append((UCOL_CASE_FIRST, caseFirst.map {
                switch $0 {
                case .upper: UCOL_UPPER_FIRST
                case .lower: UCOL_LOWER_FIRST
                case .off: UCOL_OFF
                }
            }))
            attributes.append((UCOL_ALTERNATE_HANDLING, alternate.map { $0 == .shifted ? UCOL_SHIFTED : UCOL_NON_IGNORABLE }))
            return attributes.compactMap { attribute, value in value.map { (attribute, $0) } }
        }

        func reorderCodes() throws(CollationError) -> [Int32]? {
            guard let reorder else { return nil }
            return try reorder.map { name throws(CollationError) in
                switch name.lowercased() {
                case "space": return UCOL_REORDER_CODE_SPACE
                case "punct", "punctuation": return UCOL_REORDER_CODE_PUNCTUATION
                case "symbol": return UCOL_REORDER_CODE_SYMBOL
                case "currency": return UCOL_REORDER_CODE_CURRENCY
                case "digit": return UCOL_REORDER_CODE_DIGIT
                case "others", "zzzz": return UCOL_REORDER_CODE_OTHERS
                case "default": return UCOL_REORDER_CODE_DEFAULT
                default:
                    // Four letters only: uscript_getCode would also accept locale names.
                    guard name.utf8.count == 4, name.utf8.allSatisfy({ (0x41...0x5A).contains($0 | 0) || (0x61...0x7A).contains($0) }) else {
                        throw .unknownScript(name)
                    }
                    var code: Int32 = USCRIPT_INVALID_CODE
                    let count = withUnsafeMutablePointer(to: &code) { ICU.uscript_getCode(name, UnsafeMutableBufferPointer(start: $0, count: 1)) }
                    guard count == 1, code >= 0 else { throw .unknownScript(name) }
                    return code
                }
            }
        }
    }

    /// The locale asked for.
    public let locale: LocaleID
    /// The options asked for.
    public let options: Options
    let handle: CollatorHandle
    /// For the standard (Finder-style) ordering: the tie-breaker used when the main
    /// collator finds two strings equal.
    let tieBreaker: CollatorHandle?

    /// Opens ICU's collator for `locale` with `options`.
    ///
    /// ```swift
    /// let swedish = try Collator(locale: LocaleID("sv"))
    /// let unknown = try Collator(locale: LocaleID("xx"), strict: true)  // throws LocaleError.unknownLocale
    /// ```
    /// - Parameters:
    ///   - locale: The locale; collation keywords select variants (`de-u-co-phonebk`,
    ///     `zh@collation=stroke`, `es-u-co-trad`, `-u-kn-true` for numeric, …).
    ///   - options: Attributes that override the locale's defaults.
    ///   - strict: Throw for a locale ICU does not know instead of using root order.
    /// - Throws: ``CollationError/unknownLocale(_:)`` (strict), ``CollationError`` for an unknown
    ///   reorder script, ``CollationError/icu(_:)`` if ICU cannot open or configure the collator.
    ///   The corresponding C functions are `ucol_open` and `ucol_setAttribute`.
    public init(locale: LocaleID = .root, options: Options = Options(), strict: Bool = false) throws(CollationError) {
        if strict { try locale.requireKnown(as: CollationError.self) }
        self.locale = locale
        self.options = options
        handle = try CollatorHandle(locale: locale.identifier, attributes: options.attributes(), reorderCodes: try options.reorderCodes())
        tieBreaker = nil
    }


    private init(standardFor locale: LocaleID, strict: Bool) throws(CollationError) {
        if strict { try locale.requireKnown(as: CollationError.self) }
        self.locale = locale
        self.options = Options(strength: .secondary, numeric: true)
        handle = try CollatorHandle(locale: locale.identifier, attributes: options.attributes(), reorderCodes: nil)
        tieBreaker = try CollatorHandle(
            locale: locale.identifier, attributes: Options(strength: .tertiary, numeric: true).attributes(), reorderCodes: nil)
    }

    /// The Finder-style ordering of Apple's `localizedStandardCompare`: numeric, case- and
    /// width-insensitive, accent-sensitive, locale-aware; strings it finds equal are then
    /// ordered by case and finally by code points, so the order is total.
    ///
    /// ```swift
    /// let finder = try Collator.standard(locale: "en")
    /// finder.sorted(["file10", "File2", "éclair", "Eclair", "file1"])
    /// // ["Eclair", "éclair", "file1", "File2", "file10"]
    /// ```
    public static func standard(locale: LocaleID = .root, strict: Bool = false) throws(CollationError) -> Collator {
        try Collator(standardFor: locale, strict: strict)
    }


    /// The locale whose collation rules ICU loaded (root when the locale has none of its
    /// own). The corresponding C function is `ucol_getLocaleByType(ULOC_ACTUAL_LOCALE)`.
    public var actualLocale: LocaleID { LocaleID(icuReported: handle.actualLocale) }

    /// The most specific locale ICU has any data for (root when it knows nothing of it).
    public var validLocale: LocaleID { LocaleID(icuReported: handle.validLocale) }

    // MARK: Comparing

    /// Compares two strings on their UTF-8 bytes (no UTF-16 copy).
    ///
    /// ```swift
    /// try Collator(locale: "sv").compare("ä", "z")  // .descending
    /// ```
    /// The corresponding C function is `ucol_strcollUTF8`.
    /// (Inlinable, so that the generic wrapper is specialized in the caller: per-call
    /// overhead matters when sorting millions of pairs.)
    @inlinable
    public func compare<A: StringProtocol, B: StringProtocol>(_ a: A, _ b: B) -> Order {
        withUTF8Bytes(a) { a in withUTF8Bytes(b) { b in order(a, b) } }
    }

    /// Whether `a` sorts strictly before `b`, for `sorted(by:)`.
    ///
    /// ```swift
    /// names.sorted(by: collator.areInIncreasingOrder)
    /// ```
    @inlinable
    public func areInIncreasingOrder<A: StringProtocol, B: StringProtocol>(_ a: A, _ b: B) -> Bool {
        compare(a, b) == .ascending
    }

    @usableFromInline
    func order(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Order {
        var result = handle.compare(a, b)
        if result == 0, let tieBreaker {
            result = tieBreaker.compare(a, b)
            if result == 0 { result = a.lexicographicallyPrecedes(b) ? -1 : (b.lexicographicallyPrecedes(a) ? 1 : 0) }
        }
        return result < 0 ? .ascending : (result > 0 ? .descending : .equal)
    }

    /// The sort key of `text`: comparing keys gives the same order as ``compare(_:_:)``,
    /// so keys suit sorting many strings, hashing and storing in an index.
    ///
    /// ```swift
    /// let keys = words.map { collator.sortKey(for: $0) }
    /// keys[0] < keys[1]  // the same answer as collator.compare(words[0], words[1]) == .ascending
    /// ```
    /// The corresponding C function is `ucol_getSortKey`.
    @inlinable
    public func sortKey<S: StringProtocol>(for text: S) -> SortKey {
        withUTF8Bytes(text) { SortKey(bytes: sortKeyBytes($0)) }
    }

    /// The key bytes of valid UTF-8 (with the standard ordering's tie-breakers appended).
    @usableFromInline
    func sortKeyBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var key = handle.sortKey(bytes)
        if let tieBreaker {
            key += tieBreaker.sortKey(bytes)
            key += bytes
        }
        return key
    }

    // MARK: Sorting

    /// Inputs of at least this many strings are sorted by sort keys (computed once per
    /// string) instead of pairwise comparisons (see BENCHMARKS.md for the measurement).
    public static let sortKeyThreshold = 32

    /// `strings` in this collator's order (stable: equal strings keep their order).
    ///
    /// ```swift
    /// try Collator(locale: "cs").sorted(["chata", "hrad", "i"])  // ["hrad", "chata", "i"]
    /// ```
    /// The strings' bytes are copied once into one buffer; from ``sortKeyThreshold``
    /// strings on, one sort key per string is made (`ucol_getSortKey`) and the keys are
    /// sorted, below it the strings are compared (`ucol_strcollUTF8`).
    @inlinable
    public func sorted<C: Collection>(_ strings: C) -> [C.Element] where C.Element: StringProtocol {
        let elements = Array(strings)
        var arena: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(elements.count)
        for element in elements {
            // One memcpy per string where its UTF-8 is contiguous (String, Substring).
            if element.utf8.withContiguousStorageIfAvailable({ arena.append(contentsOf: $0) }) == nil {
                arena.append(contentsOf: element.utf8)
            }
            ends.append(arena.count)
        }
        return sortedOrder(arena: arena, ends: ends).map { elements[$0] }
    }

    /// The stable order of the strings stored back to back in `arena` (string `i` ends at
    /// `ends[i]`).
    @usableFromInline
    func sortedOrder(arena: [UInt8], ends: [Int]) -> [Int] {
        arena.withUnsafeBufferPointer { arena in
            let count = ends.count
            func string(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: arena[(index == 0 ? 0 : ends[index - 1])..<ends[index]])
            }
            if count < Self.sortKeyThreshold {
                return (0..<count).sorted { a, b in
                    switch order(string(a), string(b)) {
                    case .ascending: true
                    case .descending: false
                    case .equal: a < b
                    }
                }
            }
            var keys: [UInt8] = []
            keys.reserveCapacity(arena.count * 4 + count * 8)
            var keyEnds: [Int] = []
            keyEnds.reserveCapacity(count)
            var scratch = [UInt8](repeating: 0, count: 512)
            for index in 0..<count {
                let bytes = string(index)
                handle.appendSortKey(bytes, to: &keys, scratch: &scratch)
                if let tieBreaker {
                    tieBreaker.appendSortKey(bytes, to: &keys, scratch: &scratch)
                    keys.append(contentsOf: bytes)
                }
                keyEnds.append(keys.count)
            }
            return keys.withUnsafeBufferPointer { keys in
                // The first 8 key bytes as one big-endian integer decide most comparisons
                // without a memcmp call (a shorter key is padded with zeros, which keeps
                // the lexicographic order).
                struct Entry { let prefix: UInt64; let key: UnsafeBufferPointer<UInt8>; let index: Int }
                var entries = (0..<count).map { index in
                    let key = UnsafeBufferPointer(rebasing: keys[(index == 0 ? 0 : keyEnds[index - 1])..<keyEnds[index]])
                    var prefix: UInt64 = 0
                    for byte in key.prefix(8) { prefix = prefix << 8 | UInt64(byte) }
                    prefix <<= UInt64(8 * (8 - min(8, key.count)))
                    return Entry(prefix: prefix, key: key, index: index)
                }
                entries.sort { a, b in
                    if a.prefix != b.prefix { return a.prefix < b.prefix }
                    let result = SortKey.compare(a.key, b.key)
                    return result < 0 || (result == 0 && a.index < b.index)
                }
                return entries.map(\.index)
            }
        }
    }

    /// Sorts `strings` in place in this collator's order (stable).
    ///
    /// ```swift
    /// var names = ["Zoë", "Åsa", "Ola"]
    /// try Collator(locale: "nb").sort(&names)  // ["Ola", "Zoë", "Åsa"]
    /// ```
    @inlinable
    public func sort<S: StringProtocol>(_ strings: inout [S]) {
        strings = sorted(strings)
    }
}
