@_spi(Testing) import ICUKit
import Testing

/// The Swift fast path of NFC and NFD (tables built from ICU's answers; ICU for whatever it
/// does not handle) against ICU's own normalization of the same text, in the loaded ICU:
/// every code point alone and followed by marks, and random strings over mark-heavy
/// alphabets. Both sides come from the installed ICU, so the suite holds on any version.
@Suite("Normalization fast path")
struct NormalizationFastPathTests {
    static let forms: [Normalizer.Form] = [.nfc, .nfd]

    static func hex(_ scalars: [UInt32]) -> String {
        scalars.prefix(16).map { String($0, radix: 16) }.joined(separator: " ")
    }

    static func string(_ scalars: [UInt32]) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars.compactMap(Unicode.Scalar.init))
        return String(view)
    }

    /// The fast path and ICU's UTF-8 normalizer on the same text; the failure, if any.
    static func compare(_ scalars: [UInt32], _ form: Normalizer.Form) throws -> (failure: String?, segments: Int) {
        let text = string(scalars)
        let normalizer = Normalizer(form)
        let expected = try normalizer.normalizeThroughICU(text)
        let (fast, segments) = try normalizer.normalizeThroughFastPath(text)
        if !same(fast, expected) { return ("fast path \(form) of \(hex(scalars))", segments) }
        if !same(try normalizer.normalize(text), expected) { return ("normalize \(form) of \(hex(scalars))", segments) }
        return (nil, segments)
    }

    @Test("the table equals ICU for every code point, and holds the composition pairs")
    func table() throws {
        let (mismatches, pairs) = try Normalizer.fastPathTableCheck()
        #expect(mismatches == 0)
        #expect(pairs > 900)  // primary composites besides Hangul: about a thousand
    }

    @Test("kana + dakuten, Latin + accent, Arabic + hamza, Hangul jamo compose without ICU")
    func simpleCasesStayInSwift() throws {
        let cases: [[UInt32]] = [
            [0x304B, 0x3099, 0x306F, 0x309A, 0x30CF, 0x309A, 0x6F22],
            [0x65, 0x301, 0x41, 0x30A, 0x20, 0x6F, 0x302, 0x301],
            [0x627, 0x653, 0x627, 0x654, 0x648, 0x654, 0x64A, 0x654, 0x627, 0x655],
            [0x1100, 0x1161, 0x11A8, 0x1112, 0x1175, 0x20, 0xAC00, 0x11A8],
            [0x61, 0x323, 0x302, 0x3C, 0x338],
        ]
        for scalars in cases {
            let (failure, segments) = try Self.compare(scalars, .nfc)
            #expect(failure == nil)
            #expect(segments == 0, "\(Self.hex(scalars))")
            let decomposed = try Normalizer.nfd.normalize(Self.string(scalars)).unicodeScalars.map(\.value)
            let (nfdFailure, nfdSegments) = try Self.compare(decomposed, .nfc)
            #expect(nfdFailure == nil)
            #expect(nfdSegments == 0, "\(Self.hex(decomposed))")
            let composed = try Normalizer.nfc.normalize(Self.string(scalars)).unicodeScalars.map(\.value)
            let (decomposeFailure, decomposeSegments) = try Self.compare(composed, .nfd)
            #expect(decomposeFailure == nil)
            #expect(decomposeSegments == 0, "\(Self.hex(composed))")
        }
    }

    /// Every code point, in blocks of 512 (each block one text), alone and each followed by
    /// `suffix`; for NFC also the NFD of each block.
    static func everyCodePoint(_ form: Normalizer.Form, suffix: [UInt32], range: ClosedRange<UInt32>) throws -> [String] {
        var failures: [String] = []
        var start = range.lowerBound
        while start <= range.upperBound && failures.count < 10 {
            let end = min(start + 511, range.upperBound)
            var scalars: [UInt32] = []
            for c in start...end where c < 0xD800 || c > 0xDFFF {
                scalars.append(c)
                scalars += suffix
            }
            if !scalars.isEmpty {
                if let failure = try compare(scalars, form).failure { failures.append(failure) }
                if form == .nfc {
                    let decomposed = try Normalizer.nfd.normalizeThroughICU(string(scalars)).unicodeScalars.map(\.value)
                    if let failure = try compare(decomposed, form).failure { failures.append("of NFD: " + failure) }
                }
            }
            start = end + 1
        }
        return failures
    }

    @Test("every code point alone = ICU", arguments: forms)
    func everyCodePointAlone(form: Normalizer.Form) throws {
        let failures = try Self.everyCodePoint(form, suffix: [], range: 0...0x10FFFF)
        #expect(failures.isEmpty, "\(failures)")
    }

    /// Marks that compose with many starters, block or reorder each other, or are starters
    /// that combine backward.
    static let suffixes: [[UInt32]] = [
        [0x301], [0x308], [0x323], [0x338], [0x3099], [0x309A], [0x653], [0x654], [0x655], [0x93C],
        [0x5B4], [0xF72], [0x1161], [0x11A8], [0xDCF], [0xB3E], [0x345], [0x323, 0x302], [0x302, 0x323],
        [0x301, 0x301], [0x316, 0x301], [0x300, 0x5AE], [0x1161, 0x11A8],
    ]

    @Test("every code point of planes 0–2 followed by marks = ICU", arguments: forms, suffixes)
    func everyCodePointWithMarks(form: Normalizer.Form, suffix: [UInt32]) throws {
        var failures = try Self.everyCodePoint(form, suffix: suffix, range: 0...0x1FFFF)
        failures += try Self.everyCodePoint(form, suffix: suffix, range: 0x2F800...0x2FA1F)
        #expect(failures.isEmpty, "\(failures)")
    }

    /// Alphabets of random strings: a script's letters with its marks, precomposed and not.
    static let alphabets: [(String, [UInt32])] = [
        ("Japanese", Array(0x3041...0x3096) + Array(0x30A1...0x30FA) + [0x3099, 0x309A, 0x3099, 0x309A, 0x309B, 0x309C, 0x6F22, 0x5B57, 0x20, 0x30FC, 0xFF76, 0xFF9E]),
        ("Arabic", Array(0x621...0x64A) + Array(0x64B...0x655) + [0x653, 0x654, 0x655, 0x654, 0x670, 0x6C0, 0x6C1, 0x6D2, 0x6D3, 0x6D5, 0x20]),
        ("Vietnamese", [0x61, 0x65, 0x6F, 0x75, 0x79, 0x41, 0x4F, 0x1A1, 0x1B0, 0xE2, 0xEA, 0xF4, 0x103, 0x1EC7, 0x1EAD, 0x1EDB, 0x20,
                        0x300, 0x301, 0x303, 0x309, 0x323, 0x302, 0x306, 0x31B, 0x300, 0x301, 0x323]),
        ("Hangul", Array(0x1100...0x1113) + Array(0x1160...0x1176) + Array(0x11A7...0x11C3) + [0xAC00, 0xAC01, 0xAC1C, 0xD7A3, 0x3131, 0x20, 0x302E]),
        ("Devanagari", Array(0x915...0x939) + Array(0x93C...0x94D) + Array(0x958...0x95F) + [0x901, 0x902, 0x903, 0x93C, 0x93C, 0x20, 0x9BC, 0x9BE, 0x9C7, 0x9D7, 0x9DC]),
        ("stacked", Array(0x300...0x36F) + Array(0x591...0x5C7) + [0x61, 0x65, 0x3C, 0x3D, 0x3B1, 0x3B9, 0x1F00, 0x345, 0x344, 0x340, 0x341, 0x343,
                     0xF71, 0xF72, 0xF73, 0xF74, 0xF80, 0xF81, 0xF40, 0xCBF, 0xCD5, 0xCC6, 0xCC2, 0xDD9, 0xDCF, 0xDDF, 0xDCA,
                     0xB47, 0xB3E, 0xB56, 0xB57, 0x1025, 0x102E, 0x11099, 0x110BA, 0x1D157, 0x1D165, 0x1D16E, 0x212B, 0x958, 0x93C,
                     0xE9, 0x1E0B, 0x1E63, 0x307, 0x1E9B, 0x17F, 0x2126, 0x1FBE, 0x20, 0x1100, 0x1161, 0xAC00, 0x11A8, 0x3099]),
    ]

    @Test("random mark-heavy strings = ICU", arguments: forms, alphabets.map(\.0))
    func randomStrings(form: Normalizer.Form, alphabet name: String) throws {
        let alphabet = Self.alphabets.first { $0.0 == name }!.1
        var generator = SplitMix(state: UInt64(name.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) } & 0xFFFF) &+ (form == .nfc ? 1 : 2))
        var failures: [String] = []
        var swiftOnly = 0
        for _ in 0..<3000 where failures.count < 10 {
            let length = Int(generator.next() % 24) + 1
            let scalars = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let (failure, segments) = try Self.compare(scalars, form)
            if let failure { failures.append(failure) }
            if segments == 0 { swiftOnly += 1 }
            // NFC is mostly given decomposed text: the NFD of the same string too.
            if form == .nfc {
                let decomposed = try Normalizer.nfd.normalizeThroughICU(Self.string(scalars)).unicodeScalars.map(\.value)
                if let failure = try Self.compare(decomposed, form).failure { failures.append("of NFD: " + failure) }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(swiftOnly > 0)
    }
}
