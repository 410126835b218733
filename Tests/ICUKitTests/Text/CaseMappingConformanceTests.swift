import Foundation
import ICUKit
import Testing

/// CaseFolding.txt for every code point, SpecialCasing.txt with its conditions in their
/// locales and contexts, and the locale behaviours the issue names.
@Suite("Case mapping conformance")
struct CaseMappingConformanceTests {
    static func scalarsString(_ values: some Sequence<UInt32>) -> String {
        var bytes: [UInt8] = []
        for value in values { if let s = Unicode.Scalar(value) { bytes.append(contentsOf: UTF8.encode(s)!) } }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("CaseFolding.txt: full folding (C+F) of every code point, Turkic (T) with the option")
    func caseFolding() throws {
        var full: [UInt32: String] = [:]
        var turkic: [UInt32: String] = [:]
        for record in try UnicodeDataFile.records("CaseFolding.txt") where record.count >= 3 {
            let c = UInt32(record[0], radix: 16)!
            switch record[1] {
            case "C", "F": full[c] = UnicodeDataFile.string(record[2])
            case "T": turkic[c] = UnicodeDataFile.string(record[2])
            default: break
            }
        }
        #expect(full.count > 1400)
        // Folding is context-free: fold all code points at once, with a separator.
        var input: [UInt8] = [], expected: [UInt8] = [], expectedTurkic: [UInt8] = []
        input.reserveCapacity(5_000_000); expected.reserveCapacity(5_000_000); expectedTurkic.reserveCapacity(5_000_000)
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let own = UTF8.encode(scalar)!
            input.append(contentsOf: own); input.append(0x0A)
            if let mapped = full[value] { expected.append(contentsOf: mapped.utf8) } else { expected.append(contentsOf: own) }
            expected.append(0x0A)
            if let mapped = turkic[value] ?? full[value] { expectedTurkic.append(contentsOf: mapped.utf8) } else { expectedTurkic.append(contentsOf: own) }
            expectedTurkic.append(0x0A)
        }
        let text = String(decoding: input, as: UTF8.self)
        let folded = try CaseMapper().folded(text)
        #expect(folded.utf8.elementsEqual(expected))
        if !folded.utf8.elementsEqual(expected) {
            let a = folded.split(separator: "\n"), b = String(decoding: expected, as: UTF8.self).split(separator: "\n")
            Issue.record("first difference: \(String(describing: zip(a, b).first { !$0.utf8.elementsEqual($1.utf8) }))")
        }
        #expect(try CaseMapper().folded(text, turkic: true).utf8.elementsEqual(expectedTurkic))
        #expect(try CaseMapper(localeIdentifier: "tr").folded(text).utf8.elementsEqual(expectedTurkic))
        #expect(try CaseMapper(localeIdentifier: "az").folded("I").utf8.elementsEqual("ı".utf8))
    }

    @Test("SpecialCasing.txt: unconditional mappings, then each condition in its context and locale")
    func specialCasing() throws {
        var checked = 0
        var failures: [String] = []
        func expect(_ actual: String, _ expected: String, _ what: String) {
            checked += 1
            if !same(actual, expected) { failures.append("\(what): got \(actual.unicodeScalars.map { String($0.value, radix: 16) })") }
        }
        for record in try UnicodeDataFile.records("SpecialCasing.txt") where record.count >= 4 {
            let c = UnicodeDataFile.string(record[0])
            let lower = UnicodeDataFile.string(record[1]), title = UnicodeDataFile.string(record[2]), upper = UnicodeDataFile.string(record[3])
            let conditions = record.count > 4 ? record[4].split(separator: " ").map(String.init) : []
            let locale = conditions.first { $0.count == 2 && $0.first!.isLowercase }
            let context = conditions.first { $0.count > 2 }
            let mapper = try CaseMapper(localeIdentifier: locale ?? "")
            let what = "\(record[0]) \(conditions)"
            switch context {
            case nil:
                expect(try mapper.lowercased(c), lower, what + " lower")
                expect(try mapper.uppercased(c), upper, what + " upper")
                expect(try mapper.titlecased(c, options: .noBreakAdjustment), title, what + " title")
            case "Final_Sigma":
                expect(try mapper.lowercased("Α" + c), "α" + lower, what)
                expect(try mapper.lowercased("Α" + c + "Β"), "α" + "σ" + "β", what + " (not final)")
            case "More_Above":
                expect(try mapper.lowercased(c + "\u{301}"), lower + "\u{301}", what)
            case "After_Soft_Dotted":
                expect(try mapper.uppercased("i" + c), "I" + upper, what + " upper")
                expect(try mapper.lowercased("i" + c), "i" + lower, what + " lower")
            case "After_I":
                expect(try mapper.lowercased("I" + c), "i" + lower, what)
            case "Not_Before_Dot":
                expect(try mapper.lowercased(c), lower, what)
                expect(try mapper.lowercased(c + "\u{307}"), "i", what + " (before dot)")
            default:
                failures.append("unknown condition \(context!)")
            }
        }
        #expect(checked > 120)
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("locale behaviours: Turkish i, Greek accents, Dutch IJ, Lithuanian dot, ß")
    func localeBehaviours() throws {
        let tr = try CaseMapper(localeIdentifier: "tr")
        #expect(same(try tr.uppercased("istanbul"), "İSTANBUL"))
        #expect(same(try tr.lowercased("DİYARBAKIR"), "diyarbakır"))
        #expect(same(try CaseMapper().uppercased("istanbul"), "ISTANBUL"))
        #expect(same(try CaseMapper(localeIdentifier: "el").uppercased("Άδεια ύπνου"), "ΑΔΕΙΑ ΥΠΝΟΥ"))
        #expect(same(try CaseMapper(localeIdentifier: "nl").titlecased("ijsland"), "IJsland"))
        #expect(same(try CaseMapper().titlecased("ijsland"), "Ijsland"))
        #expect(same(try CaseMapper(localeIdentifier: "lt").lowercased("Ì"), "i\u{307}\u{300}"))
        #expect(same(try CaseMapper().uppercased("straße"), "STRASSE"))
        #expect(same(try CaseMapper().titlecased("hello wORLD. the iPhone"), "Hello World. The Iphone"))
        #expect(same(try CaseMapper().titlecased("the iPhone", options: .noLowercase), "The IPhone"))
        #expect(same(try CaseMapper().titlecased("hello world", options: .wholeString), "Hello world"))
        #expect(same(try CaseMapper().titlecased("'twas", options: .adjustToCased), "'Twas"))
        #expect(same(try CaseMapper().folded("ΣΊΣΥΦΟΣ"), "σίσυφοσ"))
        #expect(same(try CaseMapper().uppercased(""), ""))
        let long = String(repeating: "ŉß", count: 10_000)  // grows past 1.5x: the retry path
        #expect(same(try CaseMapper().uppercased(long), String(repeating: "ʼNSS", count: 10_000)))
    }

    @Test("caseless equality and fold keys")
    func caseless() throws {
        let mapper = CaseMapper()
        #expect(try mapper.caselessEquals("STRASSE", "straße"))
        #expect(try mapper.caselessEquals("Å", "a\u{30A}"))
        #expect(try !mapper.caselessEquals("a", "b"))
        #expect(same(try mapper.foldKey("Ｆｏｏ\u{AD}Bar"), "foobar"))
        #expect(same(try CaseMapper(localeIdentifier: "tr").foldKey("ISPARTA"), "ısparta"))
        #expect(throws: TextTransformError.unknownLocale("not a locale!")) { try CaseMapper(localeIdentifier: "not a locale!") }
    }

    @Test("fold is idempotent; uppercase agrees with the standard library (no context there)")
    func properties() throws {
        for text in NormalizationPropertyTests.randomStrings(500, seed: 3) {
            let folded = try CaseMapper().folded(text)
            #expect(same(try CaseMapper().folded(folded), folded))
            #expect(same(try CaseMapper().uppercased(text), text.uppercased()))
            // (lowercased() differs on purpose: the standard library has no Final_Sigma context.)
        }
    }
}
