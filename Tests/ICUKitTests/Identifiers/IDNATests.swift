import Foundation
@_spi(Testing) import ICUKit
import Testing

/// IDNA (UTS #46) through ``IDNA``: answers checked against ICU's own (PyICU 2.10 over
/// ICU 72 gave the expected values), the ASCII fast path against ICU for every generated
/// name, bad input, and concurrent use of the shared `UIDNA`.
@Suite("IDNA")
struct IDNATests {
    /// (input, toASCII output, toASCII errors) with the default options, from PyICU's
    /// `icu.IDNA(...).nameToASCII` (nontransitional, CheckBidi, CheckJoiners).
    static let toASCIICases: [(String, String, [String])] = [
        ("Bücher.de", "xn--bcher-kva.de", []),
        ("ÖBB.at", "xn--bb-eka.at", []),
        ("faß.de", "xn--fa-hia.de", []),
        ("EXAMPLE.COM", "example.com", []),
        ("ｇｏｏｇｌｅ.com", "google.com", []),
        ("p\u{430}ypal.com", "xn--pypal-4ve.com", []),
        ("пример.рф", "xn--e1afmkfd.xn--p1ai", []),
        ("例え.テスト", "xn--r8jz45g.xn--zckzah", []),
        ("münchen\u{3002}de", "xn--mnchen-3ya.de", []),
        ("a..b", "a..b", ["emptyLabel"]),
        (".a", ".a", ["emptyLabel"]),
        ("a.", "a.", []),
        ("-x.de", "-x.de", ["leadingHyphen"]),
        ("x-.de", "x-.de", ["trailingHyphen"]),
        ("ab--c.de", "ab--c.de", ["hyphen34"]),
        ("xn--", "xn--\u{FFFD}", ["invalidAceLabel"]),
        ("xn--a.de", "xn--a\u{FFFD}.de", ["invalidAceLabel"]),
        ("xn--zz.com", "xn--zz\u{FFFD}.com", ["punycode"]),
        ("a\u{200C}b.com", "xn--ab-j1t.com", ["contextJ"]),
        ("\u{628}\u{200C}\u{64A}.com", "xn--ngb2ev20h.com", []),
        ("مثال.إختبار", "xn--mgbh0fb.xn--kgbechtv", []),
        ("a_b.com", "a_b.com", []),
        ("ﬁ.com", "fi.com", []),
        ("σς.gr", "xn--3xab.gr", []),
        ("\u{663}\u{664}\u{665}.com", "xn--cibcd.com", ["bidi"]),
        ("☕.us", "xn--53h.us", []),
        (String(repeating: "a", count: 64) + ".com", String(repeating: "a", count: 64) + ".com", ["labelTooLong"]),
    ]

    @Test("toASCII agrees with ICU's answers (PyICU) on real names, errors by name")
    func toASCIISpotChecks() throws {
        let idna = try IDNA()
        for (input, output, errors) in Self.toASCIICases {
            let result = try idna.toASCII(input)
            #expect(same(result.output, output), "\(input): \(result.output)")
            #expect(result.errors.names == errors, "\(input): \(result.errors)")
            #expect(result.isValid == errors.isEmpty)
        }
    }

    @Test("toUnicode, labels, transitional, STD3, ContextO")
    func options() throws {
        let idna = try IDNA()
        #expect(try idna.toUnicode("xn--bcher-kva.de").output == "bücher.de")
        #expect(try idna.toUnicode("xn--e1afmkfd.xn--p1ai").output == "пример.рф")
        #expect(try idna.toUnicode("ΣΑΣ.gr").output == "σασ.gr")
        #expect(try idna.toUnicode("xn--zz.com").errors == [.punycode])
        #expect(try idna.labelToASCII("bücher").output == "xn--bcher-kva")
        #expect(try idna.labelToUnicode("xn--bcher-kva").output == "bücher")
        #expect(try idna.labelToASCII("a.b").errors.contains(.labelHasDot))
        #expect(try idna.labelToASCII("abc").output == "abc")  // the fast path, for one label

        let faß = try idna.toASCII("faß.de")
        #expect(faß.isTransitionalDifferent)
        let transitional = try IDNA(.init(transitional: true))
        #expect(try transitional.toASCII("faß.de").output == "fass.de")
        #expect(try transitional.toASCII("a\u{200D}b").output == "ab")
        let again = try IDNA(.init(transitional: true))
        #expect(transitional != idna && transitional == again)

        // STD3: "_" is disallowed; without it, valid.
        #expect(try idna.toASCII("a_b.com").errors.isEmpty)
        #expect(try IDNA(.init(useSTD3ASCIIRules: true)).toASCII("a_b.com").errors == [.disallowed])
        // ContextO: Catalan middle dot between two l is fine, elsewhere not.
        let contextO = try IDNA(.init(checkContextO: true))
        #expect(try contextO.toASCII("l·l.cat").errors.isEmpty)
        #expect(try contextO.toASCII("a·b.ca").errors == [.contextOPunctuation])
        #expect(try contextO.toASCII("\u{660}\u{6F0}.com").errors.contains(.contextODigits))
        // Without CheckBidi and CheckJoiners those errors go.
        let lax = try IDNA(.init(checkBidi: false, checkContextJ: false))
        #expect(try lax.toASCII("\u{663}\u{664}\u{665}.com").errors.isEmpty)
        #expect(try lax.toASCII("a\u{200C}b.com").errors.isEmpty)
    }

    @Test("the strict forms throw .idna with the errors and ICU's output")
    func strict() throws {
        let idna = try IDNA()
        #expect(try idna.strictToASCII("Bücher.de") == "xn--bcher-kva.de")
        #expect(try idna.strictToUnicode("xn--bcher-kva.de") == "bücher.de")
        #expect(throws: IdentifierError.idna([.leadingHyphen], output: "-x.de")) { try idna.strictToASCII("-x.de") }
        #expect(throws: IdentifierError.idna([.emptyLabel], output: "a..b")) { try idna.toUnicode("a..b").get() }
        #expect(IdentifierError.idna([.emptyLabel, .bidi], output: "x").description.contains("emptyLabel, bidi"))
    }

    @Test("UTF-8 input: checked first (ICU would read bad bytes as U+FFFD), offsets of the bad byte")
    func utf8() throws {
        let idna = try IDNA()
        #expect(try idna.toASCII(utf8: Array("Bücher.de".utf8)).output == "xn--bcher-kva.de")
        #expect(try idna.toUnicode(utf8: Array("xn--bcher-kva.de".utf8)[...]).output == "bücher.de")
        #expect(throws: IdentifierError.invalidUTF8(InvalidUTF8Error(byteOffset: 3))) { try idna.toASCII(utf8: [0x61, 0x62, 0x2E, 0xFF]) }
        #expect(throws: IdentifierError.invalidUTF8(InvalidUTF8Error(byteOffset: 1))) { try idna.toUnicode(utf8: [0x61, 0xC3]) }
        #expect(throws: IdentifierError.invalidUTF8(InvalidUTF8Error(byteOffset: 0))) { try idna.labelToASCII(utf8: [0xED, 0xA0, 0x80]) }
        #expect(throws: IdentifierError.invalidUTF8(InvalidUTF8Error(byteOffset: 2))) { try idna.labelToUnicode(utf8: [0x78, 0x79, 0xC0, 0x80]) }
        // A long name (over the first output guess) comes back whole through the retry.
        let long = String(repeating: "ü", count: 900)
        let ascii = try idna.toASCII(long)
        #expect(ascii.errors.contains(.labelTooLong) && ascii.output.hasPrefix("xn--"))
        #expect(try idna.toUnicode(ascii.output).output == long)
        // Past ICU's Punycode limits ICU fails the call (U_INPUT_TOO_LONG_ERROR): a typed error.
        do {
            _ = try idna.toASCII("a." + String(repeating: "ü", count: 1001) + ".de")
            Issue.record("no error past the Punycode limit")
        } catch .inputTooLong(let error) {
            #expect(error.length == 1001 && error.limit == 1000)
        }
        // The limit is on the mapped label: 60 × U+FDFA (18 characters each) is 1,080 (found by IDNAFuzz).
        do {
            _ = try idna.toASCII(String(repeating: "\u{FDFA}", count: 60) + ".com")
            Issue.record("no error past the Punycode limit after mapping")
        } catch .inputTooLong(let error) {
            #expect(error.length == 1080 && error.limit == 1000)
        }
        #expect(try idna.toUnicode("xn--" + String(repeating: "a", count: 2100)).errors == [.punycode])
        #expect(try idna.toASCII(String(repeating: "ü", count: 1000)).errors == [.labelTooLong, .domainNameTooLong])
        let expanding = String(repeating: "\u{FDFA}", count: 100)  // 18 letters each
        #expect(try idna.toUnicode(expanding).output.unicodeScalars.count == 1800)
    }

    /// Names near every rule of the fast path: lengths 62–64 and 252–255, hyphens at
    /// each place, `xn--`, empty labels, the root dot, and characters just outside
    /// `[a-z0-9.-]`.
    static func edgeNames() -> [String] {
        var names = ["", ".", "..", "a", "a.", "a..", ".a", "a..b", "xn--", "xn--a", "xn--abc.de", "xn--bcher-kva.de",
                     "ab--", "ab--c", "a-b", "-a", "a-", "a--b", "abc--d", "-", "--", "0", "0.0", "1.2.3.4",
                     "a.b.c.d.e.", "a-.b", "a.-b", "aa-.com", "_a", "a_b", "A", "Abc.de", "a b", "a/b", "a:b",
                     "a\u{7F}b", "a\u{0}b", "a@b", "a~b", "a`b", "a{b", "a\tb", "a,b"]
        for length in [1, 62, 63, 64, 65] {
            names.append(String(repeating: "a", count: length))
            names.append(String(repeating: "a", count: length) + ".com")
            names.append(String(repeating: "b", count: length) + ".")
        }
        // Whole names of 252–256 bytes, with and without a final dot.
        let label63 = String(repeating: "x", count: 63)
        for tail in 59...64 {
            let base = [label63, label63, label63, String(repeating: "y", count: tail)].joined(separator: ".")
            names.append(base)
            names.append(base + ".")
        }
        return names
    }

    /// A deterministic random mix of `[a-z0-9.-]` (and a few characters outside it).
    static func generatedNames(count: Int) -> [String] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789-.".utf8)
        let rare = Array("Z_ \u{7F}".utf8)
        var names: [String] = []
        for _ in 0..<count {
            let length = Int(next() % 24) + (next() % 50 == 0 ? Int(next() % 240) : 0)
            var bytes: [UInt8] = []
            for _ in 0..<length {
                let roll = next()
                if roll % 200 == 0 { bytes.append(rare[Int(roll / 200 % UInt64(rare.count))]) }
                else if roll % 9 == 0 { bytes.append(UInt8(ascii: roll % 2 == 0 ? "." : "-")) }
                else { bytes.append(alphabet[Int(roll / 9 % 36)]) }
            }
            if next() % 10 == 0 { bytes.insert(contentsOf: Array("xn--".utf8), at: 0) }
            names.append(String(decoding: bytes, as: UTF8.self))
        }
        return names
    }

    @Test("the ASCII fast path gives ICU's answer for every edge name and 50,000 generated ones, under every option")
    func fastPathEqualsICU() throws {
        let names = Self.edgeNames() + Self.generatedNames(count: 50_000)
        var fast = 0
        var mismatches: [String] = []
        for bits in 0..<32 {
            let options = IDNA.Options(transitional: bits & 1 != 0, checkBidi: bits & 2 != 0, checkContextJ: bits & 4 != 0,
                                       checkContextO: bits & 8 != 0, useSTD3ASCIIRules: bits & 16 != 0)
            let idna = try IDNA(options)
            for name in names where bits == 0 || bits == 31 || IDNA.isFastPathName(name) {
                if bits == 0, IDNA.isFastPathName(name) { fast += 1 }
                let viaICU = try idna.toASCIIThroughICU(name), viaFast = try idna.toASCII(name)
                let uViaICU = try idna.toUnicodeThroughICU(name), uViaFast = try idna.toUnicode(name)
                if viaICU != viaFast || uViaICU != uViaFast { mismatches.append("\(bits) \(name.debugDescription)") }
                if try idna.labelToASCII(name) != idna.labelToASCIIThroughICU(name) || idna.labelToUnicode(name) != idna.labelToUnicodeThroughICU(name) {
                    mismatches.append("label \(bits) \(name.debugDescription)")
                }
                if IDNA.isFastPathName(name), !viaICU.errors.isEmpty || !same(viaICU.output, name) {
                    mismatches.append("fast path takes invalid \(name.debugDescription): \(viaICU.errors)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(10))")
        // The generator reaches both sides of the rule.
        #expect(fast > 10_000 && fast < names.count - 10_000, "\(fast) of \(names.count)")
        #expect(IDNA.isFastPathName("example.com") && IDNA.isFastPathName(String(repeating: "a", count: 63) + ".de"))
        #expect(!IDNA.isFastPathName("xn--bcher-kva.de") && !IDNA.isFastPathName("Example.com") && !IDNA.isFastPathName("a..b"))
    }

    @Test("one shared UIDNA used from many threads at once gives the same answers")
    func concurrentUse() async throws {
        let names = Self.toASCIICases.map(\.0)
        let expected = try names.map { try IDNA().toASCII($0) }
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let idna = try IDNA()
                    for _ in 0..<200 {
                        for (index, name) in names.enumerated() where try idna.toASCII(name) != expected[index] { return false }
                    }
                    return true
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 } && results.count == 8)
    }
}
