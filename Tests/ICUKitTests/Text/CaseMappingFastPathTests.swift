import Foundation
@_spi(Testing) import ICUKit
import Testing

/// The case-mapping fast path (per-code-point tables built from ICU's answers, used for
/// locales that behave like root) against ICU's own `ucasemap_utf8To*` on the same text:
/// every code point alone and in contexts, in root and in non-special locales; the special
/// locales (tr, az, lt, el, nl, hy) never take it; random multi-script strings.
@Suite("Case mapping fast path")
struct CaseMappingFastPathTests {
    typealias Operation = CaseMapper.FastPathOperation

    static func bytes(_ value: UInt32) -> [UInt8] { Array(UTF8.encode(Unicode.Scalar(value)!)!) }

    static func hex(_ text: String) -> String { text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") }

    /// Code points whose case behaviour can depend on anything: the table's candidates.
    static let caseRelevant: UnicodeSet = try! UnicodeSet(pattern: "[[:Changes_When_Casemapped:][:Changes_When_Casefolded:][:Cased:][:Case_Ignorable:]]")

    /// The first line where two results differ (for the failure message).
    static func firstDifference(_ a: String, _ b: String) -> String {
        let x = a.split(separator: "\n", omittingEmptySubsequences: false), y = b.split(separator: "\n", omittingEmptySubsequences: false)
        if x.count != y.count { return "line counts \(x.count) vs \(y.count)" }
        for (p, q) in zip(x, y) where !p.utf8.elementsEqual(q.utf8) { return "\(hex(String(p))) vs ICU \(hex(String(q)))" }
        return "none"
    }

    @Test("the tables agree with ICU on every code point alone", arguments: Operation.allCases)
    func tables(operation: Operation) throws {
        #expect(try CaseMapper.fastPathTableMismatches(operation) == 0)
    }

    @Test("the table builder's values equal the plain reference's on every candidate", arguments: Operation.allCases)
    func builder(operation: Operation) throws {
        #expect(try CaseMapper.fastPathBuilderMismatches(operation) == 0)
    }

    /// Every code point in contexts, one big text per operation (the lowercase fast path
    /// declines a whole text that holds a complicated code point, so those are left out of
    /// the big text and checked one by one).
    @Test("every code point in contexts equals ICU (root, de, ru)", arguments: Operation.allCases)
    func everyCodePoint(operation: Operation) throws {
        for localeName in ["", "de", "ru"] {
            let mapper = try CaseMapper(localeIdentifier: localeName)
            var input: [UInt8] = []
            input.reserveCapacity(24_000_000)
            var declined: [UInt32] = []
            let cased = Self.bytes(0x41), lowerA = Self.bytes(0x61)
            for value in UInt32(0)...0x10FFFF {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let own = Self.bytes(value)
                let relevant = Self.caseRelevant.contains(scalar)
                if relevant, try mapper.mappedByFastPath(String(scalar), operation) == nil { declined.append(value); continue }
                input += own; input.append(0x0A)
                input += cased; input += own; input += lowerA; input.append(0x0A)
                guard relevant else { continue }
                // After a cased letter and case-ignorables, before them, between Σs.
                // (Σ only where it is not declined: upper and fold.)
                let sigma = operation == .lower ? [] : [("\u{3A3}", "\u{3A3}"), ("Σ\u{345}", ""), ("I", "ΣA")]
                for (before, after) in [("A'", ""), ("a\u{307}", "\u{301}"), ("i", "\u{345}"), ("", "\u{307}a"), ("a\u{345}", "\u{345}"), ("ᾼ", "Ϊ")] + sigma {
                    input += Array(before.utf8); input += own; input += Array(after.utf8); input.append(0x0A)
                }
                // At the end of a text, alone and after a cased letter.
                for text in [String(scalar), "A" + String(scalar), "a'" + String(scalar)] {
                    let fast = try mapper.mappedByFastPath(text, operation)
                    let icu = try mapper.mappedThroughICU(text, operation)
                    if fast != nil && !same(fast!, icu) { Issue.record("\(operation) \(localeName) \(Self.hex(text)): \(Self.hex(fast!)) vs ICU \(Self.hex(icu))") }
                }
            }
            // Only lowercase declines code points (Σ and 1:n mappings such as İ).
            if operation == .lower { #expect(declined.contains(0x3A3) && declined.contains(0x130) && declined.count < 10) } else { #expect(declined.isEmpty) }
            let text = String(decoding: input, as: UTF8.self)
            let fast = try mapper.mappedByFastPath(text, operation)
            let icu = try mapper.mappedThroughICU(text, operation)
            #expect(fast != nil)
            if let fast {
                #expect(same(fast, icu), "\(operation) \(localeName): \(Self.firstDifference(fast, icu))")
            }
            let viaAPI = switch operation {
            case .upper: try mapper.uppercased(text)
            case .lower: try mapper.lowercased(text)
            case .fold: try mapper.folded(text)
            }
            #expect(same(viaAPI, icu))
            for value in declined {
                let scalar = String(Unicode.Scalar(value)!)
                for text in [scalar, "A" + scalar, "A" + scalar + "a", "A" + scalar + "\u{345}", scalar + "\u{307}"] {
                    let viaAPI = operation == .lower ? try mapper.lowercased(text) : try mapper.uppercased(text)
                    #expect(same(viaAPI, try mapper.mappedThroughICU(text, operation)), "\(Self.hex(text))")
                }
            }
        }
    }

    @Test("text without a changing code point is returned as it is, every lead byte", arguments: Operation.allCases)
    func unchangedText(operation: Operation) throws {
        var input: [UInt8] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), !Self.caseRelevant.contains(scalar) else { continue }
            input += Self.bytes(value)
        }
        let text = String(decoding: input, as: UTF8.self)
        let mapper = CaseMapper()
        #expect(try mapper.mappedByFastPath(text, operation).map { same($0, text) } == true)
        #expect(same(try mapper.mappedThroughICU(text, operation), text))
        // The same text after a changing letter: through the writing loop.
        let shifted = (operation == .upper ? "a" : "A") + text
        let fast = try mapper.mappedByFastPath(shifted, operation)
        #expect(fast.map { same($0, try! mapper.mappedThroughICU(shifted, operation)) } == true)
    }

    static let specialLocales = ["tr", "az", "lt", "el", "nl", "hy", "tr-TR", "TR", "tur", "az-Cyrl", "el_GR", "lt@collation=standard", "nl-BE", "ell"]

    @Test("special locales never take the fast path, and their results are ICU's")
    func specialLocalesUseICU() throws {
        var input: [UInt8] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), Self.caseRelevant.contains(scalar) else { continue }
            for (before, after) in [("", ""), ("A", "a"), ("i", "\u{307}"), ("I", "\u{301}"), ("Σ", "")] {
                input += Array(before.utf8); input += Self.bytes(value); input += Array(after.utf8); input.append(0x0A)
            }
        }
        let text = String(decoding: input, as: UTF8.self)
        for name in Self.specialLocales {
            let mapper = try CaseMapper(localeIdentifier: name)
            #expect(try mapper.mappedByFastPath("i", .upper) == nil, "\(name)")
            #expect(try mapper.mappedByFastPath("I", .lower) == nil, "\(name)")
            #expect(same(try mapper.uppercased(text), try mapper.mappedThroughICU(text, .upper)), "\(name)")
            #expect(same(try mapper.lowercased(text), try mapper.mappedThroughICU(text, .lower)), "\(name)")
            #expect(same(try mapper.folded(text), try CaseMapper().mappedThroughICU(text, .fold)) == !["tr", "az", "tr-TR", "TR", "tur", "az-Cyrl"].contains(name), "\(name)")
        }
        #expect(same(try CaseMapper(localeIdentifier: "tr").uppercased("istanbul"), "İSTANBUL"))
        #expect(same(try CaseMapper(localeIdentifier: "el").uppercased("άδεια"), "ΑΔΕΙΑ"))
        #expect(same(try CaseMapper(localeIdentifier: "lt").lowercased("Ì"), "i\u{307}\u{300}"))
    }

    /// Whatever the locale-name check lets through must behave exactly like root in ICU:
    /// every available locale, on probes of every conditional and locale mapping.
    @Test("every locale that takes the fast path behaves like root in ICU")
    func rootLikeLocales() throws {
        let probes = "iIİı Ì Í Ĩ i\u{307}\u{301} I\u{307} J\u{301} Į\u{301} ΆΣ ΑΣ\u{345}. ά ΐ ΰ ᾳ ῼ և ﬓ ß ẞ ŉ ǰ ij IJ ijsland Ǆ ǅ ǈ İstanbul ΌΣΟΣ ὈΔΥΣΣΕΎΣ Ꭰꭰ 𐐀𐐨"
        let root = CaseMapper()
        var fastLocales = 0
        for locale in LocaleID.available + [LocaleID.root, LocaleID("en-US"), LocaleID("zh-Hant-TW"), LocaleID("de-u-co-phonebk")] {
            let mapper = CaseMapper(locale: locale)
            guard try mapper.mappedByFastPath("a", .upper) != nil else { continue }
            fastLocales += 1
            for operation in [Operation.upper, .lower] {
                #expect(same(try mapper.mappedThroughICU(probes, operation), try root.mappedThroughICU(probes, operation)), "\(locale.identifier) \(operation)")
            }
        }
        #expect(fastLocales > 100)
    }

    static let alphabet: [Unicode.Scalar] = [
        0x41, 0x61, 0x49, 0x69, 0x20, 0x27, 0x2E, 0x0A, 0xDF, 0x130, 0x131, 0x149, 0x1F0, 0x250, 0x2C6F, 0x345, 0x307, 0x301,
        0x390, 0x391, 0x3A3, 0x3C3, 0x3C2, 0x3AC, 0x1FB3, 0x1FFC, 0x410, 0x430, 0x42F, 0x44F, 0x531, 0x561, 0x587, 0x10A0, 0x10D0,
        0x13A0, 0xAB70, 0x1E9E, 0x212A, 0x2126, 0xFB03, 0xFB13, 0xFF21, 0xFF41, 0x10400, 0x10428, 0x1E900, 0x1E922, 0x627, 0x915,
        0x4E00, 0x1F600, 0x1C4, 0x1C5, 0x1C6, 0x10FFFF, 0x0,
    ].map { Unicode.Scalar($0)! }

    @Test("random multi-script strings equal ICU, in root, de and ru", arguments: Operation.allCases)
    func randomStrings(operation: Operation) throws {
        var generator = SplitMix(state: 164)
        var seeds = NormalizationPropertyTests.randomStrings(1000, seed: 7)
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...40, using: &generator) { text.unicodeScalars.append(Self.alphabet.randomElement(using: &generator)!) }
            seeds.append(text)
        }
        // Long texts: a bound that must hold (ɐ grows by half) and results longer than it (ΐ).
        seeds.append(String(repeating: "ɐ", count: 5000))
        seeds.append(String(repeating: "aΐ", count: 3000))
        seeds.append(String(repeating: "Мама мыла раму. ", count: 2000) + "ß")
        for localeName in ["", "de", "ru"] {
            let mapper = try CaseMapper(localeIdentifier: localeName)
            for text in seeds {
                let result = switch operation {
                case .upper: try mapper.uppercased(text)
                case .lower: try mapper.lowercased(text)
                case .fold: try mapper.folded(text)
                }
                let icu = try mapper.mappedThroughICU(text, operation)
                #expect(same(result, icu), "\(operation) \(localeName) \(Self.hex(text))")
            }
        }
    }
}
