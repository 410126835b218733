/// Reading a String Catalog the way Xcode writes it, straight from the bytes to the model:
/// no JSON tree, member names compared as bytes, indentation skipped eight bytes at a time,
/// each dictionary sized like the previous one of its kind. It reads only the common
/// case; anything else (a duplicate or unknown member, a value of another type, a syntax
/// error, deep nesting) makes it give up with `nil`, and ``XCStringsReader`` reads the file
/// member by member for its exact findings and errors, so the result is the same either way.
struct XCStringsDirectReader {
    private let base: UnsafePointer<UInt8>
    private let count: Int
    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    private var depth = 0
    /// The number of localizations of the last entry, and of cases of the last variations:
    /// the capacity the next one reserves.
    private var languageCount = 0
    private var caseCount = 0
    /// Short names read before (languages, cases, states), each made into a string once
    /// and found again by its bytes, packed with its length into two words.
    private var names: [(low: UInt64, high: UInt64, text: String)] = []

    /// Anything this reader leaves to ``XCStringsReader``.
    private struct GiveUp: Error {}

    private init(base: UnsafePointer<UInt8>, count: Int, bytes: [UInt8], file: String) {
        self.base = base
        self.count = count
        self.bytes = bytes
        self.file = file
    }

    /// The catalog of `bytes`, or `nil` when the file needs ``XCStringsReader``.
    static func read(_ bytes: [UInt8], file: String) -> StringCatalog? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var reader = XCStringsDirectReader(base: base, count: buffer.count, bytes: bytes, file: file)
            do { return try reader.document() } catch { return nil }
        }
    }

    private mutating func document() throws(GiveUp) -> StringCatalog {
        if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { index = 3 }
        var catalog = StringCatalog(sourceLanguage: "", origin: .xcstrings)
        var seen: UInt8 = 0
        if try open() {
            repeat {
                let name = try name()
                if matches(name, "sourceLanguage") {
                    try once(&seen, 1)
                    catalog.sourceLanguage = try string()
                } else if matches(name, "version") {
                    try once(&seen, 2)
                    catalog.version = try string()
                } else if matches(name, "strings") {
                    try once(&seen, 4)
                    if try open() {
                        repeat {
                            let key = try nameString()
                            let before = catalog.keys.count
                            catalog[key] = try entry(key)
                            guard catalog.keys.count > before else { throw GiveUp() }
                        } while try next()
                    }
                } else {
                    throw GiveUp()
                }
            } while try next()
        }
        skipSpace()
        guard index == count, !catalog.sourceLanguage.isEmpty else { throw GiveUp() }
        return catalog
    }

    private mutating func entry(_ key: String) throws(GiveUp) -> StringCatalog.Entry {
        var entry = StringCatalog.Entry(key: key)
        var seen: UInt8 = 0
        if try open() {
            repeat {
                let name = try name()
                if matches(name, "localizations") {
                    try once(&seen, 1)
                    var localizations = [String: StringCatalog.Localization](minimumCapacity: languageCount)
                    if try open() {
                        repeat {
                            let language = try nameString(short: true)
                            guard localizations.updateValue(try localization(), forKey: language) == nil else { throw GiveUp() }
                        } while try next()
                    }
                    languageCount = localizations.count
                    entry.localizations = localizations
                } else if matches(name, "comment") {
                    try once(&seen, 2)
                    entry.comment = try string()
                } else if matches(name, "extractionState") {
                    try once(&seen, 4)
                    entry.extractionState = try string()
                } else if matches(name, "shouldTranslate") {
                    try once(&seen, 8)
                    entry.shouldTranslate = try bool()
                } else {
                    throw GiveUp()
                }
            } while try next()
        }
        return entry
    }

    private mutating func localization() throws(GiveUp) -> StringCatalog.Localization {
        var result = StringCatalog.Localization()
        var seen: UInt8 = 0
        if try open() {
            repeat {
                let name = try name()
                if matches(name, "stringUnit") {
                    try once(&seen, 1)
                    result.unit = try unit()
                } else if matches(name, "variations") {
                    try once(&seen, 2)
                    result.variations = try variations()
                } else if matches(name, "substitutions") {
                    try once(&seen, 4)
                    if try open() {
                        repeat {
                            let variable = try nameString(short: true)
                            guard result.substitutions.updateValue(try substitution(), forKey: variable) == nil else { throw GiveUp() }
                        } while try next()
                    }
                } else {
                    throw GiveUp()
                }
            } while try next()
        }
        return result
    }

    private mutating func unit() throws(GiveUp) -> StringCatalog.StringUnit {
        var state: String?
        var value: String?
        var seen: UInt8 = 0
        if try open() {
            repeat {
                let name = try name()
                if matches(name, "value") {
                    try once(&seen, 1)
                    value = try string()
                } else if matches(name, "state") {
                    try once(&seen, 2)
                    state = try string(short: true)
                } else {
                    throw GiveUp()
                }
            } while try next()
        }
        guard let value else { throw GiveUp() }
        return StringCatalog.StringUnit(state: StringCatalog.TranslationState(rawValue: state ?? "translated"), value: value)
    }

    private mutating func variations() throws(GiveUp) -> StringCatalog.Variations {
        guard try open() else { throw GiveUp() }
        let name = try name()
        let kind: StringCatalog.Variations.Kind
        if matches(name, "plural") {
            kind = .plural
        } else if matches(name, "device") {
            kind = .device
        } else if matches(name, "width") {
            kind = .width
        } else {
            throw GiveUp()
        }
        var cases = [String: StringCatalog.Localization](minimumCapacity: caseCount)
        if try open() {
            repeat {
                let key = try nameString(short: true)
                guard cases.updateValue(try localization(), forKey: key) == nil else { throw GiveUp() }
            } while try next()
        }
        caseCount = cases.count
        guard try !next() else { throw GiveUp() }
        return StringCatalog.Variations(kind: kind, cases: cases)
    }

    private mutating func substitution() throws(GiveUp) -> StringCatalog.Substitution {
        var result = StringCatalog.Substitution(formatSpecifier: "")
        var seen: UInt8 = 0
        if try open() {
            repeat {
                let name = try name()
                if matches(name, "argNum") {
                    try once(&seen, 1)
                    result.argNum = try integer()
                } else if matches(name, "formatSpecifier") {
                    try once(&seen, 2)
                    result.formatSpecifier = try string()
                } else if matches(name, "variations") {
                    try once(&seen, 4)
                    result.variations = try variations()
                } else if matches(name, "stringUnit") {
                    try once(&seen, 8)
                    result.unit = try unit()
                } else {
                    throw GiveUp()
                }
            } while try next()
        }
        guard seen & 2 != 0 else { throw GiveUp() }
        return result
    }

    // MARK: Bytes

    private func once(_ seen: inout UInt8, _ bit: UInt8) throws(GiveUp) {
        guard seen & bit == 0 else { throw GiveUp() }
        seen |= bit
    }

    private mutating func skipSpace() {
        while index < count {
            switch base[index] {
            case 0x20:
                index += 1
                while index + 8 <= count, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020 { index += 8 }
            case 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// Enters an object: `true` when a member follows, `false` for `{}`.
    private mutating func open() throws(GiveUp) -> Bool {
        skipSpace()
        guard index < count, base[index] == UInt8(ascii: "{") else { throw GiveUp() }
        depth += 1
        guard depth <= 64 else { throw GiveUp() }
        index += 1
        skipSpace()
        guard index < count, base[index] == UInt8(ascii: "}") else { return true }
        index += 1
        depth -= 1
        return false
    }

    /// After a member's value: `true` when another member follows, `false` at the object's end.
    private mutating func next() throws(GiveUp) -> Bool {
        skipSpace()
        guard index < count else { throw GiveUp() }
        if base[index] == UInt8(ascii: ",") { index += 1; return true }
        guard base[index] == UInt8(ascii: "}") else { throw GiveUp() }
        index += 1
        depth -= 1
        return false
    }

    /// The bytes of a plain string (no escapes) starting at a quote, and whether all are ASCII.
    private mutating func plain() throws(GiveUp) -> (Range<Int>, ascii: Bool)? {
        skipSpace()
        guard index < count, base[index] == UInt8(ascii: "\"") else { throw GiveUp() }
        let start = index + 1
        var end = start
        var union: UInt8 = 0
        while end < count {
            let byte = base[end]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            union |= byte
            end += 1
        }
        guard end < count, base[end] == UInt8(ascii: "\"") else { return nil }
        index = end + 1
        return (start..<end, union < 0x80)
    }

    /// A member name without escapes and the colon after it.
    private mutating func name() throws(GiveUp) -> Range<Int> {
        guard let (range, _) = try plain() else { throw GiveUp() }
        try colon()
        return range
    }

    /// A member name as a string (keys, languages, cases) and the colon after it.
    private mutating func nameString(short: Bool = false) throws(GiveUp) -> String {
        let text = try string(short: short)
        try colon()
        return text
    }

    private mutating func colon() throws(GiveUp) {
        skipSpace()
        guard index < count, base[index] == UInt8(ascii: ":") else { throw GiveUp() }
        index += 1
    }

    private func matches(_ range: Range<Int>, _ name: StaticString) -> Bool {
        guard range.count == name.utf8CodeUnitCount else { return false }
        let expected = name.utf8Start
        for offset in 0..<range.count where base[range.lowerBound + offset] != expected[offset] { return false }
        return true
    }

    /// A string value; escapes are decoded by ``CatalogJSONParser``.
    private mutating func string(short: Bool = false) throws(GiveUp) -> String {
        skipSpace()
        let start = index
        if let (range, ascii) = try plain() {
            let slice = UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
            if ascii, short, range.count < 16 { return name(slice) }
            if ascii { return String(decoding: slice, as: UTF8.self) }
            guard let text = String(validating: slice, as: UTF8.self) else { throw GiveUp() }
            return text
        }
        var parser = CatalogJSONParser(bytes, file: file)
        parser.index = start
        guard let text = try? parser.parseString() else { throw GiveUp() }
        index = parser.index
        return text
    }

    /// A short ASCII name, shared with an equal one read before.
    private mutating func name(_ slice: UnsafeBufferPointer<UInt8>) -> String {
        var low: UInt64 = 0
        var high = UInt64(slice.count) << 56
        for (offset, byte) in slice.enumerated() {
            if offset < 8 { low |= UInt64(byte) << (offset * 8) } else { high |= UInt64(byte) << ((offset - 8) * 8) }
        }
        for name in names where name.low == low && name.high == high { return name.text }
        let text = String(decoding: slice, as: UTF8.self)
        if names.count < 64 { names.append((low, high, text)) }
        return text
    }

    private mutating func bool() throws(GiveUp) -> Bool {
        skipSpace()
        if word("true") { return true }
        if word("false") { return false }
        throw GiveUp()
    }

    private mutating func word(_ text: StaticString) -> Bool {
        let length = text.utf8CodeUnitCount
        guard index + length <= count, matches(index..<index + length, text) else { return false }
        index += length
        return true
    }

    /// An integer without fraction or exponent, as ``XCStringsReader`` reads `argNum`.
    private mutating func integer() throws(GiveUp) -> Int {
        skipSpace()
        let start = index
        if index < count, base[index] == UInt8(ascii: "-") { index += 1 }
        let digits = index
        while index < count, base[index] >= UInt8(ascii: "0"), base[index] <= UInt8(ascii: "9") { index += 1 }
        guard index > digits, base[digits] != UInt8(ascii: "0") || index - digits == 1,
            index == count || (base[index] != UInt8(ascii: ".") && base[index] != UInt8(ascii: "e") && base[index] != UInt8(ascii: "E")),
            let value = Int(String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self))
        else { throw GiveUp() }
        return value
    }
}
