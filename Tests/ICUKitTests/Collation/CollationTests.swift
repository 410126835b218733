import Testing
import ICUKit

@Suite("Collation")
struct CollationTests {
    /// Each list is in the locale's expected order; the test shuffles it and sorts it back.
    static let orders: [(String, [String])] = [
        ("en", ["Äpfel", "apple", "Apple", "banana", "café", "cafe\u{301}s", "zebra"]),
        ("da", ["Zagreb", "Ærø", "Østerbro", "Aarhus"]),
        ("sv", ["zebra", "ångest", "ärlig", "öl"]),
        ("fi", ["zeta", "å", "ä", "ö"]),
        ("de", ["Affe", "Äpfel", "Azur", "Bär", "Bart"]),
        ("de-u-co-phonebk", ["Äpfel", "Affe", "Azur", "Bär", "Bart"]),
        ("es", ["chico", "cuna", "dedo", "llama", "luz", "nube", "ñandú", "oso"]),
        ("es-u-co-trad", ["cuna", "chico", "dedo", "luz", "llama", "madre", "nube", "ñandú"]),
        ("fr-CA", ["cote", "côte", "coté", "côté"]),
        ("tr", ["cam", "çam", "dam", "ılık", "ithal", "oda", "ödev", "su", "şu", "uç", "üç"]),
        ("pl", ["lody", "łódź", "mama", "zebra", "źle", "żaba"]),
        ("cs", ["cesta", "česko", "hrad", "chata", "i", "rak", "řeka"]),
        ("ja", ["あい", "かき", "さくら", "漢字"]),
        ("zh", ["北京", "广州", "上海", "天津"]),
        ("zh-u-co-stroke", ["一", "人", "山", "中", "北"]),
        ("ko", ["가방", "나무", "다리", "라면"]),
        ("ar", ["باب", "تاج", "ثوب", "جمل"]),
        ("he", ["אבא", "בית", "גמל", "דג"]),
        ("ru", ["арбуз", "ёлка", "жук", "щука", "яблоко"]),
        ("th", ["กา", "เก", "ขา", "คา"]),
    ]

    @Test("known orders per locale")
    func knownOrders() throws {
        for (locale, expected) in Self.orders {
            let collator = try Collator(locale: LocaleID(locale))
            var rng = SplitMix(state: 34)
            for _ in 0..<5 {
                let shuffled = expected.shuffled(using: &rng)
                #expect(collator.sorted(shuffled) == expected, "\(locale)")
            }
            for (a, b) in zip(expected, expected.dropFirst()) {
                #expect(collator.compare(a, b) == .ascending, "\(locale): \(a) < \(b)")
                #expect(collator.compare(b, a) == .descending, "\(locale): \(b) > \(a)")
                #expect(collator.sortKey(for: a) < collator.sortKey(for: b), "\(locale): key(\(a)) < key(\(b))")
            }
        }
        // Root order differs from Danish, Swedish and German phonebook on these.
        let root = try Collator()
        #expect(root.sorted(["Aarhus", "Zagreb", "Ærø"]) == ["Aarhus", "Ærø", "Zagreb"])
        #expect(root.compare("ä", "z") == .ascending)
        #expect(root.compare("cote", "coté") == .ascending && root.compare("coté", "côte") == .ascending)
    }

    @Test("options: strength, numeric, case first, alternate, backwards secondary, reorder")
    func options() throws {
        #expect(try Collator(options: .init(strength: .primary)).compare("côte", "Cote") == .equal)
        #expect(try Collator(options: .init(strength: .secondary)).compare("côte", "cote") == .descending)
        #expect(try Collator(options: .init(strength: .secondary)).compare("Cote", "cote") == .equal)
        #expect(try Collator().compare("a", "A") == .ascending)
        #expect(try Collator(options: .init(caseFirst: .upper)).compare("a", "A") == .descending)
        #expect(try Collator(options: .init(strength: .primary, caseLevel: true)).compare("a", "A") != .equal)
        #expect(try Collator().compare("file10", "file2") == .ascending)
        #expect(try Collator(options: .init(numeric: true)).compare("file10", "file2") == .descending)
        #expect(try Collator(locale: "en-u-kn-true").compare("file10", "file2") == .descending)
        #expect(try Collator().compare("de luge", "deluge") != .equal)
        #expect(try Collator(options: .init(strength: .tertiary, alternate: .shifted)).compare("de-luge", "deluge") == .equal)
        #expect(try Collator(options: .init(backwardsSecondary: true)).sorted(["cote", "coté", "côte", "côté"]) == ["cote", "côte", "coté", "côté"])
        #expect(try Collator().compare("α", "a") == .descending)
        #expect(try Collator(options: .init(reorder: ["Grek", "Latn"])).compare("α", "a") == .ascending)
        #expect(try Collator(options: .init(reorder: ["digit", "Latn"])).compare("1", "a") == .ascending)
        #expect(throws: CollationError.unknownScript("Klng")) { try Collator(options: .init(reorder: ["Klng"])) }
        #expect(throws: CollationError.unknownScript("en_US")) { try Collator(options: .init(reorder: ["en_US"])) }
    }

    @Test("locales: keywords, actual locale, strict mode")
    func locales() throws {
        #expect(try Collator(locale: "da").actualLocale.language == "da")
        #expect(try Collator(locale: "xx").actualLocale == .root)
        #expect(try Collator(locale: "xx").validLocale == .root)
        #expect(throws: CollationError.unknownLocale("xx")) { try Collator(locale: "xx", strict: true) }
        let malformed = "!!"
        #expect(throws: LocaleError.malformed("!!")) { try Collator(locale: LocaleID(malformed)) }
        #expect(try Collator(locale: "zh@collation=stroke").compare("一", "北") == .ascending)
        #expect(try Collator(locale: "zh").compare("一", "北") == .descending)
    }

    @Test("Finder-style standard ordering")
    func standard() throws {
        let finder = try Collator.standard(locale: "en")
        #expect(finder.sorted(["file10", "File2", "éclair", "Eclair", "file1", "eclair"]) == ["eclair", "Eclair", "éclair", "file1", "File2", "file10"])
        #expect(finder.compare("file2", "file10") == .ascending)
        #expect(finder.compare("A", "a") != .equal)           // a total order
        #expect(finder.compare("ｆｉｌｅ", "file") != .equal)   // width differs only at the last step
        #expect(finder.compare("ｆｉｌｅ2", "file10") == .ascending)  // …but is ignored before numbers
        #expect(finder.compare("x", "x") == .equal)
        let keys = ["file10", "File2", "éclair", "Eclair", "file1", "eclair"].map { ($0, finder.sortKey(for: $0)) }
        #expect(keys.sorted { $0.1 < $1.1 }.map(\.0) == ["eclair", "Eclair", "éclair", "file1", "File2", "file10"])
    }

    @Test("sort keys order exactly as compare does, on random strings in many scripts")
    func sortKeysMatchCompare() throws {
        let alphabet = Array("aAbBäÄåæøœßsSzZ0123456789 -.'éèêëçñ日本語中文한국어ひらがなカタカナабвгдёжαβγδאבגدبتกขคงक्षि🙂👩‍👩‍👧\u{301}\u{308}")
        let seed: UInt64 = 35
        var rng = SplitMix(state: seed)
        for locale in ["root", "de-u-co-phonebk", "sv", "ja", "zh", "th", "tr"] {
            for options in [Collator.Options(), .init(strength: .primary), .init(numeric: true, alternate: .shifted)] {
                let collator = try Collator(locale: LocaleID(locale), options: options)
                let strings = (0..<120).map { _ in String((0..<Int.random(in: 0...8, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }) }
                for (a, b) in zip(strings, strings.shuffled(using: &rng)) {
                    let byKey: Collator.Order = collator.sortKey(for: a) < collator.sortKey(for: b) ? .ascending
                        : (collator.sortKey(for: b) < collator.sortKey(for: a) ? .descending : .equal)
                    #expect(collator.compare(a, b) == byKey, "\(locale) \(options): \(a) vs \(b) (seed \(seed))")
                    #expect(collator.compare(a, b).rawValue == -collator.compare(b, a).rawValue)
                }
                // Large inputs go through sort keys, small through comparisons: same order.
                let big = collator.sorted(strings)
                for (a, b) in zip(big, big.dropFirst()) { #expect(collator.compare(a, b) != .descending) }
            }
        }
    }

    @Test("Substring and String compare alike; collators are shared across tasks")
    func substringsAndConcurrency() async throws {
        let collator = try Collator(locale: "sv")
        let text = "«ärlig»"
        #expect(collator.compare(text.dropFirst().dropLast(), "zebra") == .descending)
        #expect(collator.sortKey(for: text.dropFirst().dropLast()) == collator.sortKey(for: "ärlig"))
        let words = (0..<500).map { "ord\($0 % 37)ä\($0)" }
        let expected = collator.sorted(words)
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var rng = SplitMix(state: UInt64(task))
                    return collator.sorted(words.shuffled(using: &rng)) == expected
                }
            }
            for try await same in group { #expect(same) }
        }
    }
}
