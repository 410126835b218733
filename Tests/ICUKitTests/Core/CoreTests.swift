import Foundation
import Testing
import ICUKit

@Suite("Core: UTF-8 decoding, locale identifiers, versions")
struct CoreTests {
    @Test("strict UTF-8 decoding names the first bad byte")
    func strictDecoding() throws {
        #expect(try UTF8Decoding.decode(Array("héllo 👋".utf8)) == "héllo 👋")
        #expect(try UTF8Decoding.decode([UInt8]()) == "")
        let cases: [([UInt8], Int)] = [
            ([0x61, 0xFF], 1),                    // never valid
            ([0x61, 0x62, 0xC3], 2),              // truncated at the end
            ([0xC3, 0x28], 0),                    // bad continuation
            ([0x61, 0xC0, 0xAF], 1),              // overlong
            ([0xED, 0xA0, 0x80], 0),              // UTF-16 surrogate
            ([0xF4, 0x90, 0x80, 0x80], 0),        // above U+10FFFF
            ([0x68, 0x69, 0x80, 0x61], 2),        // lone continuation byte
            (Array("日本".utf8) + [0xE6, 0x97], 6),
        ]
        for (bytes, offset) in cases {
            #expect(throws: InvalidUTF8Error(byteOffset: offset)) { try UTF8Decoding.decode(bytes) }
            #expect(UTF8Decoding.firstInvalidOffset(in: bytes) == offset)
        }
        #expect(UTF8Decoding.firstInvalidOffset(in: Array("ok ✓".utf8)) == nil)
    }

    @Test("the word-at-a-time check over contiguous bytes names the offset the standard library's parser does")
    func contiguousCheckAgreesWithParser() {
        var random = SplitMix(state: 0x5EED_0008)
        let pieces = ["plain ascii ", "Привет ", "مرحبا ", "नमस्ते ", "你好世界", "こんにちは", "😀👋", "é", "\u{E000}\u{FFFD}"].map { Array($0.utf8) }
        // Bytes that break a sequence: stray continuations, C0/C1, E0 80, ED A0 (a surrogate), F4 90, F5, FF.
        let breakers: [[UInt8]] = [[0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5], [0xFF], [0xE3, 0x81], [0xD0]]
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...24, using: &random) {
                bytes += Int.random(in: 0..<12, using: &random) == 0 ? breakers.randomElement(using: &random)! : pieces.randomElement(using: &random)!
            }
            // Truncate at any byte, so sequences are cut at the end too.
            if !bytes.isEmpty, Bool.random(using: &random) { bytes.removeLast(Int.random(in: 0..<min(4, bytes.count), using: &random)) }
            let expected = UTF8Decoding.firstInvalidOffset(in: bytes.lazy.map { $0 })  // not contiguous: the parser
            let found = UTF8Decoding.firstInvalidOffset(in: bytes)
            if found != expected { Issue.record("offset \(String(describing: found)), the parser's \(String(describing: expected)) in \(bytes)") }
        }
    }

    @Test("lossy UTF-8 decoding is opt-in and replaces with U+FFFD")
    func lossyDecoding() throws {
        #expect(try UTF8Decoding.decode([0x61, 0xFF, 0x62], lossy: true) == "a\u{FFFD}b")
        #expect(try UTF8Decoding.decode([0xE6, 0x97], lossy: true) == "\u{FFFD}")
    }

    @Test("locale identifiers: BCP 47 and ICU forms, keywords, canonical names")
    func localeIDs() throws {
        let tag = LocaleID("ur-IN-u-ca-islamic")
        #expect(tag.identifier == "ur_IN@calendar=islamic")
        #expect(tag.bcp47 == "ur-IN-u-ca-islamic")
        #expect(tag.language == "ur" && tag.region == "IN")
        #expect(tag.keywordValue("calendar") == "islamic")
        #expect(LocaleID("de-u-co-phonebk").identifier == "de@collation=phonebook")
        #expect(LocaleID("zh@collation=stroke").keywordValue("collation") == "stroke")
        #expect(LocaleID("sr-Latn-RS").script == "Latn")
        #expect(LocaleID("en_US@ss=standard").baseName == "en_US")
        #expect(LocaleID("").identifier == "")
        #expect(LocaleID("und") == .root)
        #expect(LocaleID("root") == .root)
        #expect(LocaleID.root.bcp47 == "und")
        #expect(LocaleID.root.description == "root")
        // One canonical form whatever the input form (fuzzing found these disagreeing).
        #expect(LocaleID("hat-UW") == LocaleID("hat_UW"))
        #expect(LocaleID("iw_IL") == LocaleID("he-IL"))
        #expect(LocaleID("iw_IL").identifier == "he_IL")
        for root in ["@", "_", "__", "root", "und"] { #expect(try LocaleID(root) == .root, "\(root)") }
        #expect(LocaleID("@calendar=buddhist").identifier == "@calendar=buddhist")
        for id in ["de-u-co-phonebk", "en_US@ss=standard", "sl_ROZAJ_BISKE", "de_DE_PREEURO", "zh-Hant-TW", "es-419"] {
            let parsed = try LocaleID(id)
            #expect(try LocaleID(parsed.identifier) == parsed, "\(id)")
            let reparsed = try LocaleID(parsed.bcp47)
            #expect(reparsed == parsed, "\(id) via \(parsed.bcp47) → \(reparsed.identifier) vs \(parsed.identifier)")
        }
    }

    @Test("unknown locales are visible, malformed ones refused")
    func unknownAndMalformed() throws {
        #expect(LocaleID("th").isKnown)
        #expect(LocaleID("es-419").isKnown)
        #expect(LocaleID("zh-Hant-TW").isKnown)
        #expect(LocaleID.root.isKnown)
        #expect(!LocaleID("xx").isKnown)
        #expect(!LocaleID("en_XX").isKnown)
        #expect(!LocaleID("qqq").isKnown)
        for bad in ["!!", "en-", "a", "-en", "en--US", "toolonglanguage", "en\u{0}US", String(repeating: "a", count: 600),
                    "en_US_" + String(repeating: "a", count: 151), "en_é", "en_(", "ca-gregory-co-co_us", "en_US_CO"] {
            #expect(throws: LocaleError.self, "\(bad)") { try LocaleID(bad) }
        }
    }

    @Test("ICU and Unicode versions")
    func versions() {
        #expect(ICUVersion.icu.split(separator: ".").count >= 2)
        #expect(Int(ICUVersion.icu.split(separator: ".")[0])! >= 70)
        #expect(ICUVersion.unicode.hasPrefix("1"))
    }

    /// Scripts/test.sh names the ICU it built against (pkg-config); the library loaded at run
    /// time must be that one (LD_LIBRARY_PATH for a cached ICU 76), not the system ICU 72.
    @Test("The ICU loaded at run time is the one the suite was built for")
    func runtimeICUIsTheBuiltOne() {
        print("ICUKit tests run against ICU \(ICUVersion.icu), Unicode \(ICUVersion.unicode)")
        if let expected = ProcessInfo.processInfo.environment["ICUKIT_EXPECTED_ICU"] {
            #expect(ICUVersion.icu == expected)
        }
    }
}
