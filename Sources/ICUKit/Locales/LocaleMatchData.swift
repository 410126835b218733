internal import CICU

/// ICU's own locale-matching data, read once from the `langInfo` resource bundle of the
/// installed ICU (so it follows that ICU's CLDR version): the likely-subtags trie and its
/// LSR table with the language and region aliases (`likely`), and the language-distance
/// trie, region partitions, paradigm locales and default distances (`match`).
///
/// ```swift
/// let data = try LocaleMatchData.shared()
/// data.lsrs.count   // 4854 / 3 with ICU 72
/// data.layout       // .strings with ICU 72, .encoded with ICU 74 and later
/// ```
/// The data comes in two layouts, told apart by the keys present (see ``Layout``), never
/// by the ICU version number. The corresponding C functions are
/// `ures_openDirect(NULL, "langInfo", …)`, `ures_getByKey`, `ures_getBinary`,
/// `ures_getIntVector`, `ures_getStringByIndex` and `uscript_getShortName`; this file and
/// ``ICULocaleName`` hold every ICU call of locale matching.
///
/// Sendable notes: everything is copied out of ICU into immutable storage at load time;
/// the trie bytes live in buffers that are never freed (the data is a process-wide
/// singleton), so ``BytesTrie`` cursors over them need no reference counting.
final class LocaleMatchData: @unchecked Sendable {
    /// The two shapes of `langInfo`, and with them two generations of ICU's likely-subtags code.
    enum Layout: Sendable {
        /// ICU 73 and earlier: LSRs and paradigms are string tables (`likely/lsrs`,
        /// `match/paradigms`), three strings per LSR.
        case strings
        /// ICU 74 and later: LSRs and paradigms are int vectors (`likely/lsrnum`,
        /// `match/paradigmnum`), one integer per LSR packing the language (base 27), the
        /// region (two letters in base 27, or an index into `likely/m49`) and the script
        /// code. ICU 74 and later also maximize differently: an explicit region
        /// that is a macroregion (`419`, `EU`, …) is replaced by the likely one.
        case encoded
    }

    let layout: Layout
    /// The macroregions (`supplementalData/idValidity/region/macroregion`), which the
    /// ``Layout/encoded`` generation does not keep as explicit regions; empty for ``Layout/strings``.
    let macroregions: Set<String>
    let languageAliases: [String: String]
    let regionAliases: [String: String]
    let likelyTrie: UnsafeBufferPointer<UInt8>
    /// Likely-subtags results, indexed by the likely trie's values.
    let lsrs: [LSR]
    let distanceTrie: UnsafeBufferPointer<UInt8>
    /// For each region index (see ``LSR/indexForRegion(_:)``), an index into `partitions`.
    let regionToPartitions: [UInt8]
    /// Each a string of one-byte partition identifiers.
    let partitions: [[UInt8]]
    let paradigms: [LSR]
    /// defaultLanguageDistance, defaultScriptDistance, defaultRegionDistance, minRegionDistance.
    let distances: [Int32]

    private static let loaded: Result<LocaleMatchData, ICUError> = {
        do throws(ICUError) { return .success(try LocaleMatchData()) } catch { return .failure(error) }
    }()

    /// The error for data that does not have the shape ICU gives it.
    static func formatError(_ operation: String) -> ICUError { .invalidFormat(operation) }

    /// The data of the installed ICU, loaded on first use.
    static func shared() throws(ICUError) -> LocaleMatchData { try loaded.get() }

    private init() throws(ICUError) {
        let root = try Bundle.open("langInfo")
        let likely = try root.child("likely")
        let match = try root.child("match")
        languageAliases = try Self.pairs(try likely.child("languageAliases").strings())
        regionAliases = try Self.pairs(try likely.child("regionAliases").strings())
        likelyTrie = Self.permanent(try likely.child("trie").binary())
        let m49: [String]
        if let lsrStrings = try likely.optionalChild("lsrs")?.strings() {
            layout = .strings
            m49 = []
            lsrs = try Self.lsrs(fromStrings: lsrStrings, "langInfo/likely/lsrs")
            macroregions = []
        } else {
            layout = .encoded
            m49 = try likely.child("m49").strings()
            lsrs = try Self.lsrs(fromNumbers: try likely.child("lsrnum").intVector(), m49: m49, "langInfo/likely/lsrnum")
            macroregions = try Self.macroregions()
        }
        guard !lsrs.isEmpty else { throw Self.formatError("langInfo/likely") }
        distanceTrie = Self.permanent(try match.child("trie").binary())
        regionToPartitions = try match.child("regionToPartitions").binary()
        guard regionToPartitions.count >= LSR.regionIndexLimit else {
            throw Self.formatError("langInfo/match/regionToPartitions")
        }
        partitions = try match.child("partitions").strings().map { Array($0.utf8) }
        switch layout {
        case .strings: paradigms = try Self.lsrs(fromStrings: try match.child("paradigms").strings(), "langInfo/match/paradigms")
        case .encoded:
            paradigms = try Self.lsrs(fromNumbers: try match.child("paradigmnum").intVector(), m49: m49, "langInfo/match/paradigmnum")
        }
        distances = try match.child("distances").intVector()
        guard distances.count >= 4, regionToPartitions.allSatisfy({ Int($0) < partitions.count }),
              partitions.allSatisfy({ !$0.isEmpty })
        else { throw Self.formatError("langInfo/match/distances") }
    }

    /// LSRs of the ``Layout/strings`` layout: language, script and region strings in turn.
    private static func lsrs(fromStrings strings: [String], _ path: String) throws(ICUError) -> [LSR] {
        guard strings.count % 3 == 0 else { throw formatError(path) }
        return stride(from: 0, to: strings.count, by: 3).map {
            LSR(strings[$0], strings[$0 + 1], strings[$0 + 2], flags: LSR.implicit)
        }
    }

    /// LSRs of the ``Layout/encoded`` layout, decoded as ICU 74's `readLSREncodedStrings`
    /// decodes them: 0 is the empty LSR, 1 the placeholder `skip`/`script`; otherwise the low
    /// 24 bits are language + 27³ × region and the high 8 bits the `UScriptCode`.
    /// For example `430157663`, which is `(1 + 27 × 1) + 27³ × (5 + 27 × 20) | 25 << 24`, is
    /// `aa-Latn-ET` (a = 1, E = 5, T = 20, USCRIPT_LATIN = 25).
    private static func lsrs(fromNumbers numbers: [Int32], m49: [String], _ path: String) throws(ICUError) -> [LSR] {
        var result: [LSR] = []
        result.reserveCapacity(numbers.count)
        for number in numbers {
            switch number {
            case 0: result.append(LSR("", "", "", flags: LSR.implicit))
            case 1: result.append(LSR("skip", "script", "", flags: LSR.implicit))
            default:
                let low = Int(number & 0xFF_FFFF)
                let languageCode = low % (27 * 27 * 27)
                let regionCode = low / (27 * 27 * 27) % (27 * 27)
                guard let language = letters(languageCode, base: UInt8(ascii: "a")) else { throw formatError(path) }
                let region: String
                if regionCode < 27 {
                    guard regionCode < m49.count else { throw formatError(path) }
                    region = m49[regionCode]
                } else {
                    guard let letters = letters(regionCode, base: UInt8(ascii: "A")), letters.utf8.count == 2 else { throw formatError(path) }
                    region = letters
                }
                let script = uscript_getShortName((number >> 24) & 0xFF).map { String(cString: $0) } ?? ""
                result.append(LSR(language, script, region, flags: LSR.implicit))
            }
        }
        return result
    }

    /// Two or three letters from base-27 digits (1…26, least significant first); `nil` for
    /// any other shape.
    private static func letters(_ code: Int, base: UInt8) -> String? {
        let digits = [code % 27, code / 27 % 27, code / (27 * 27)]
        let count = digits[2] == 0 ? 2 : 3
        guard digits[..<count].allSatisfy({ (1...26).contains($0) }) else { return nil }
        return String(decoding: digits[..<count].map { base + UInt8($0 - 1) }, as: UTF8.self)
    }

    /// The macroregions from the region validity data, with ranges such as `001~3` expanded
    /// (ICU 74 keeps the same list in its code, checked against this data in debug builds).
    private static func macroregions() throws(ICUError) -> Set<String> {
        let entries = try Bundle.open("supplementalData").child("idValidity").child("region").child("macroregion").strings()
        var result: Set<String> = []
        for entry in entries {
            var bytes = Array(entry.utf8)
            guard let tilde = bytes.firstIndex(of: UInt8(ascii: "~")) else {
                result.insert(entry)
                continue
            }
            guard tilde > 0, tilde + 1 < bytes.count else { throw formatError("supplementalData/idValidity/region/macroregion") }
            let last = bytes[tilde + 1]
            bytes.removeSubrange(tilde...)
            while bytes[tilde - 1] <= last {
                result.insert(String(decoding: bytes, as: UTF8.self))
                bytes[tilde - 1] += 1
            }
        }
        return result
    }

    private static func pairs(_ strings: [String]) throws(ICUError) -> [String: String] {
        guard strings.count % 2 == 0 else { throw formatError("langInfo aliases") }
        var result: [String: String] = [:]
        for i in stride(from: 0, to: strings.count, by: 2) { result[strings[i]] = strings[i + 1] }
        return result
    }

    /// A copy that is never freed: the data is a process-wide singleton.
    private static func permanent(_ bytes: [UInt8]) -> UnsafeBufferPointer<UInt8> {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = buffer.initialize(from: bytes)
        return UnsafeBufferPointer(buffer)
    }

    /// One open `UResourceBundle`, closed when released.
    private final class Bundle {
        let handle: OpaquePointer
        let path: String

        private init(_ handle: OpaquePointer, _ path: String) {
            self.handle = handle
            self.path = path
        }

        deinit { ures_close(handle) }

        static func open(_ name: String) throws(ICUError) -> Bundle {
            Bundle(try ICU.ures_openDirect(name), name)
        }

        func child(_ key: String) throws(ICUError) -> Bundle {
            guard let child = try optionalChild(key) else { throw .missingResource("ures_getByKey(\(path)/\(key))") }
            return child
        }

        /// The child, or `nil` where the key is missing.
        func optionalChild(_ key: String) throws(ICUError) -> Bundle? {
            try ICU.ures_getByKey(handle, key, operation: "ures_getByKey(\(path)/\(key))").map { Bundle($0, path + "/" + key) }
        }

        func strings() throws(ICUError) -> [String] {
            let count = ures_getSize(handle)
            var result: [String] = []
            result.reserveCapacity(Int(count))
            for i in 0..<count {
                result.append(try ICU.ures_getStringByIndex(handle, i, operation: "ures_getStringByIndex(\(path))"))
            }
            return result
        }

        func binary() throws(ICUError) -> [UInt8] {
            try ICU.ures_getBinary(handle, operation: "ures_getBinary(\(path))")
        }

        func intVector() throws(ICUError) -> [Int32] {
            try ICU.ures_getIntVector(handle, operation: "ures_getIntVector(\(path))")
        }
    }
}

/// A locale identifier split the way ICU's C++ `Locale(const char *)` splits it: the
/// `uloc_getName` form, then language, script (four letters), country (two or three
/// characters) and variant, so that matching sees exactly the subtags ICU's matcher sees.
///
/// ```swift
/// ICULocaleName("zh-Hant-TW")?.script   // "Hant"
/// ICULocaleName("x-private")?.name      // "@x=private"
/// ```
/// `nil` where ICU's `Locale` would be bogus (a language field of 12 or more characters,
/// or a name ICU cannot canonicalize). The corresponding C function is `uloc_getName`.
struct ICULocaleName: Hashable, Sendable {
    let name: String
    let language: String
    let script: String
    let country: String
    let variant: String

    init?(_ identifier: String) {
        guard !identifier.utf8.contains(0),
              let name = try? ICU.uloc_getName(identifier)
        else { return nil }
        self.name = name
        let split = name.utf8.withContiguousStorageIfAvailable(Self.split) ?? Array(name.utf8).withUnsafeBufferPointer(Self.split)
        guard let parts = split else { return nil }
        (language, script, country, variant) = parts
    }

    /// Language, script, country and variant of a `uloc_getName` result, split the way
    /// `Locale::init` splits it; `nil` for a language field of 12 or more bytes.
    private static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> (String, String, String, String)? {
        // Fields separated by "_" before any "@" (at most three separators); the last field
        // ends at "@" or ".".
        let at = bytes.firstIndex(of: UInt8(ascii: "@")) ?? bytes.count
        var starts = (0, 0, 0, 0), ends = (0, 0, 0, 0)
        var fieldCount = 1
        var start = 0
        var i = 0
        while i < at, fieldCount < 4 {
            if bytes[i] == UInt8(ascii: "_") {
                switch fieldCount {
                case 1: ends.0 = i; starts.1 = i + 1
                case 2: ends.1 = i; starts.2 = i + 1
                default: ends.2 = i; starts.3 = i + 1
                }
                fieldCount += 1
                start = i + 1
            }
            i += 1
        }
        var lastEnd = start
        while lastEnd < bytes.count, bytes[lastEnd] != UInt8(ascii: "@"), bytes[lastEnd] != UInt8(ascii: ".") { lastEnd += 1 }
        switch fieldCount {
        case 1: ends.0 = lastEnd
        case 2: ends.1 = lastEnd
        case 3: ends.2 = lastEnd
        default: ends.3 = lastEnd
        }
        func field(_ index: Int) -> Range<Int> {
            guard index < fieldCount else { return 0..<0 }
            switch index {
            case 0: return starts.0..<ends.0
            case 1: return starts.1..<ends.1
            case 2: return starts.2..<ends.2
            default: return starts.3..<ends.3
            }
        }
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        guard field(0).count < 12 else { return nil }
        let language = text(field(0))
        var variantField = 1
        var script = ""
        let second = field(1)
        if second.count == 4, bytes[second].allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) {
            script = text(second)
            variantField += 1
        }
        var country = ""
        let countryField = field(variantField)
        if countryField.count == 2 || countryField.count == 3 {
            country = text(countryField)
            variantField += 1
        } else if countryField.isEmpty {
            variantField += 1
        }
        // ICU's variant is everything from the variant field to the end of the base name.
        var variant = ""
        let variantRange = field(variantField)
        if !variantRange.isEmpty {
            var end = at
            if let dot = bytes[variantRange.lowerBound..<at].firstIndex(of: UInt8(ascii: ".")) { end = dot }
            variant = text(variantRange.lowerBound..<end)
        }
        return (language, script, country, variant)
    }
}
