import Testing
import ICUKit

/// Seeded random mutations of each format's fixture (the fuzz harnesses' properties,
/// without a fuzzer): reading gives a typed error with its place, or a catalog that
/// writes and reads back.
@Suite("String files under random mutations")
struct StringFileMutationTests {
    /// SplitMix64: a small seeded generator, so a failure repeats.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let alphabet = Array("\"\\{};=,:/*\n<>&%@$#[]0123456789abcnuU\u{4}".utf8) + [0, 0xFF, 0xC3, 0xA9]

    static func mutations(of seed: [UInt8], count: Int, _ body: ([UInt8]) throws -> Void) rethrows {
        var generator = Generator(state: UInt64(seed.count))
        for _ in 0..<count {
            var bytes = seed
            for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes[at] = alphabet.randomElement(using: &generator)!
                case 1: bytes.insert(alphabet.randomElement(using: &generator)!, at: at)
                case 2: bytes.remove(at: at)
                default: bytes = Array(bytes[..<at])
                }
            }
            try body(bytes)
        }
    }

    @Test(".xcstrings: error with a place, or a catalog that round-trips byte for byte")
    func xcstrings() throws {
        try Self.mutations(of: Array(StringCatalogReadingTests.catalogJSON.utf8), count: 1000) { bytes in
            do {
                let catalog = try StringCatalog(bytes: bytes, format: .xcstrings)
                let written = try catalog.xcstrings()
                let again = try StringCatalog(bytes: written, format: .xcstrings)
                #expect(again.keys.count == catalog.keys.count)
                for key in catalog.keys { #expect(again[key] == catalog[key]) }
                #expect(try again.xcstrings() == written)
                for language in catalog.languages {
                    let (strings, dict) = try catalog.stringsFiles(language: language)
                    _ = try StringCatalog(bytes: strings, format: .strings, language: language)
                    if let dict { _ = try StringCatalog(bytes: dict, format: .stringsdict, language: language) }
                }
            } catch let error as StringsError {
                #expect(error.kind == .malformed && error.line != nil, "\(error)")
            }
        }
    }

    @Test(".strings: error with a place, or the same keys, values and comments after writing")
    func strings() throws {
        try Self.mutations(of: Array(StringCatalogReadingTests.stringsText.utf8), count: 1000) { bytes in
            guard let catalog = try? StringCatalog(bytes: bytes, format: .strings, language: "fr") else {
                let error = try #require(throws: StringsError.self) { try StringCatalog(bytes: bytes, format: .strings) }
                #expect(error.line != nil || error.byteOffset != nil)
                return
            }
            let again = try StringCatalog(bytes: try catalog.stringsFiles(language: "fr").strings, format: .strings, language: "fr")
            #expect(again.keys == catalog.keys)
            for key in catalog.keys {
                #expect(again[key]?.localizations == catalog[key]?.localizations)
                #expect(again[key]?.comment == catalog[key]?.comment.map { $0.replacing("*/", with: "* /") })
            }
        }
    }

    @Test(".stringsdict: error with an offset, or every key after writing")
    func stringsdict() throws {
        try Self.mutations(of: Array(StringCatalogReadingTests.stringsdictText.utf8), count: 1000) { bytes in
            guard let catalog = try? StringCatalog(bytes: bytes, format: .stringsdict, language: "ru") else { return }
            let (strings, dict) = try catalog.stringsFiles(language: "ru")
            var keys = Set(try StringCatalog(bytes: strings, format: .strings, language: "ru").keys)
            if let dict { keys.formUnion(try StringCatalog(bytes: dict, format: .stringsdict, language: "ru").keys) }
            #expect(keys == Set(catalog.keys))
        }
    }

    @Test(".po and .mo: error with a place, or .po output that reads back the same translations")
    func gettext() throws {
        try Self.mutations(of: Array(GettextReadingTests.poText.utf8), count: 1000) { bytes in
            guard let catalog = try? StringCatalog(bytes: bytes, format: .po, language: "ru") else {
                let error = try #require(throws: StringsError.self) { try StringCatalog(bytes: bytes, format: .po) }
                #expect(error.line != nil)
                return
            }
            guard let language = catalog.languages.last, language != catalog.sourceLanguage else { return }
            let again = try StringCatalog(bytes: try catalog.poFile(language: language), format: .po, language: language)
            #expect(again.keys == catalog.keys)
            for key in catalog.keys { #expect(again[key]?.localizations[language] == catalog[key]?.localizations[language], "\(key)") }
        }
        try Self.mutations(of: GettextReadingTests.littleEndianMO, count: 1000) { bytes in
            do { _ = try StringCatalog(bytes: bytes, format: .mo) } catch let error as StringsError {
                #expect(error.byteOffset.map { $0 <= bytes.count } ?? (error.line != nil || error.kind == .unsupportedFormat), "\(error)")
            }
        }
    }
}
