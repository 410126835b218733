import Testing
@testable import ICUKit

/// LocaleMatcher's API: CLDR distances a parent-chain fallback would miss, options,
/// Accept-Language parsing and its errors, the data it reads.
struct LocaleMatcherTests {
    func best(_ available: [String], _ preferred: [String], _ configure: (inout LocaleMatcher.Options) -> Void = { _ in }) throws -> String? {
        var options = LocaleMatcher.Options()
        configure(&options)
        return try LocaleMatcher(available: available, options: options).match(preferred).locale
    }

    @Test("CLDR's language distances: Norwegian, Serbo-Croatian, und-FR, paradigm regions, legacy codes")
    func cldrDistances() throws {
        #expect(try best(["en", "nb"], ["nn"]) == "nb")
        #expect(try best(["en", "nb"], ["da"]) == "nb")
        #expect(try best(["en", "no"], ["da"]) == "no")
        #expect(try best(["en", "hr", "sr-Latn"], ["sh"]) == "hr")
        #expect(try best(["en", "sr-Latn"], ["sh"]) == "sr-Latn")
        #expect(try best(["en", "bs"], ["hr"]) == "bs")
        #expect(try best(["en", "fr"], ["und-FR"]) == "fr")
        #expect(try best(["en", "en-GB"], ["en-AU"]) == "en-GB")
        #expect(try best(["es", "es-419"], ["es-AR"]) == "es-419")
        #expect(try best(["zh-TW", "zh-MO"], ["zh-HK"]) == "zh-MO")
        #expect(try best(["en", "he"], ["iw"]) == "he")
        #expect(try best(["en", "fil"], ["tl"]) == "fil")
        #expect(try best(["en", "ro"], ["mo"]) == "ro")
        #expect(try best(["en", "zh"], ["cmn"]) == "zh")
        #expect(try best(["en", "zh-Hans", "zh-Hant"], ["zh-TW"]) == "zh-Hant")
        #expect(try best(["pt-BR", "pt-PT"], ["pt-AO"]) == "pt-PT")
        #expect(try best(["pt-PT", "pt-BR"], ["pt"]) == "pt-BR")
        // Below the threshold the default (the first available) wins.
        let fallback = try LocaleMatcher(available: ["fr", "de"]).match(["ja"])
        #expect(fallback == LocaleMatcher.Match(locale: "fr", availableIndex: nil, preferredIndex: nil, distance: nil))
    }

    @Test("the answer: the available locale as listed, its index, the preferred index, the distance")
    func answer() throws {
        let matcher = try LocaleMatcher(available: ["en_US", "de-CH", "ja"])
        let match = try matcher.match(["fr", "de-AT", "ja"])
        #expect(match.locale == "de-CH")
        #expect(match.availableIndex == 1)
        #expect(match.preferredIndex == 1)
        #expect(match.matched)
        #expect(match.distance == 4)
        #expect(try matcher.match(["ja-JP"]).distance == 0.125)  // explicit region vs implicit: a micro distance
        #expect(try matcher.match(["ja-Jpan-JP"]).distance == 0.375)  // script and region explicit too
        #expect(try matcher.match(["ja"]).distance == 0)  // the same maximized LSR and flags (hash lookup)
        #expect(matcher.match([LocaleID("de_CH")]).availableIndex == 1)
        #expect(matcher.bestMatch(for: [LocaleID("ko")]) == nil)
        #expect(matcher.bestMatch(for: [LocaleID("en-GB")])?.identifier == "en_US")
        #expect(try LocaleMatcher(available: [LocaleID("en"), LocaleID("fr")]).match(["fr-CA"]).availableIndex == 1)
    }

    @Test("options: favor, threshold, demotion, direction, default")
    func options() throws {
        // Favoring the script lets a related language in the same script match.
        #expect(try best(["ru", "en"], ["uk"]) == "ru")
        #expect(try best(["de", "en"], ["nl"]) == "de")  // default
        #expect(try best(["de", "en"], ["ja"]) == "de")
        #expect(try best(["ru", "en"], ["sr-Latn"], { $0.favor = .script }) == "en")
        // Threshold: nn → nb is 20 apart in CLDR 42.
        #expect(try LocaleMatcher(available: ["nb"]).distance(desired: "nn", supported: "nb") == 20)
        #expect(try best(["en", "nb"], ["nn"], { $0.threshold = 20 }) == "en")
        #expect(try best(["en", "nb"], ["nn"], { $0.threshold = 21 }) == "nb")
        #expect(try LocaleMatcher.threshold(maxDesired: "nn", maxSupported: "nb") == 21)
        #expect(throws: LocaleError.invalidThreshold(101)) { try LocaleMatcher(available: ["en"], options: { var o = LocaleMatcher.Options(); o.threshold = 101; return o }()) }
        // Demotion: with region demotion the first preference's region variant wins;
        // without it the exact match for the second preference does.
        #expect(try best(["en-GB", "fr"], ["en-US", "fr"]) == "en-GB")
        #expect(try best(["en-GB", "fr"], ["en-US", "fr"], { $0.demotion = .none }) == "fr")
        // Direction: Swiss German → German is one-way.
        #expect(try best(["en", "de"], ["gsw"]) == "de")
        #expect(try best(["en", "de"], ["gsw"], { $0.direction = .onlyTwoWay }) == "en")
        // Default.
        #expect(try best(["en", "fr"], ["ja"], { $0.defaultLocale = .none }) == nil)
        #expect(try best(["en", "fr"], ["ja"], { $0.defaultLocale = .locale("fr") }) == "fr")
        #expect(try best(["en", "fr"], ["ja"], { $0.defaultLocale = .locale("es") }) == "es")
        #expect(try best([], ["ja"]) == nil)
    }

    @Test("Accept-Language: q-values order, q=0 removes, repeats move, offsets of errors")
    func acceptLanguage() throws {
        let header = try AcceptLanguage("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5")
        #expect(header.ranges.map(\.tag) == ["fr-CH", "fr", "en", "de", "*"])
        #expect(header.ranges.map(\.quality) == [1000, 900, 800, 700, 500])
        #expect(try AcceptLanguage("en;q=0.5, de, fr;q=0.5").ranges.map(\.tag) == ["de", "en", "fr"])
        #expect(try AcceptLanguage("en, de;q=0, fr").ranges.map(\.tag) == ["en", "fr"])
        #expect(try AcceptLanguage("en, de, en;q=0").ranges.map(\.tag) == ["de"])
        #expect(try AcceptLanguage("en, de, en").ranges.map(\.tag) == ["de", "en"])
        #expect(try AcceptLanguage("en;q=0.12345").ranges[0].quality == 123)
        #expect(try AcceptLanguage("en;q=0.1235").ranges[0].quality == 124)
        #expect(try AcceptLanguage(" en ;  q = 1.000 ,, ").ranges.map(\.tag) == ["en"])
        #expect(try AcceptLanguage("").ranges.isEmpty)
        // Repeats are found by name, not by scanning: a long header stays linear.
        #expect(try AcceptLanguage(String(repeating: "en;q=0.5, de, ", count: 20_000)).ranges.map(\.tag) == ["de", "en"])
        func offset(_ text: String) -> Int? {
            do { _ = try AcceptLanguage(text); return nil } catch {
                if case .invalidAcceptLanguage(let header, let offset) = error, header == text { return offset }
                return -1
            }
        }
        #expect(offset("en;q=2") == 5)
        #expect(offset("en;q=1.5") == 5)
        #expect(offset("en;q=.5") == 5)
        #expect(offset("en;x=1") == 3)
        #expect(offset("en;q 1") == 5)
        #expect(offset("de, ;q=1") == 4)
        #expect(offset("en;q=0.5 fr") == 9)
        #expect(offset("abcdefghijklmnop") == 0)
        #expect(offset("é;q=0.5, fr;q=x") == 15)  // UTF-8 offsets
        let matcher = try LocaleMatcher(available: ["en", "de"])
        #expect(try matcher.match(acceptLanguage: "fr;q=0.9, de-CH;q=0.8").locale == "de")
        #expect(try matcher.match(acceptLanguage: "fr;q=0.9, de-CH;q=0.8").preferredIndex == 1)
        #expect(throws: LocaleError.invalidAcceptLanguage("de;q=x", byteOffset: 5)) { try matcher.match(acceptLanguage: "de;q=x") }
    }

    @Test("identifiers: ICU's Locale parsing, bogus ones refused, private use and pseudo-locales")
    func identifiers() throws {
        #expect(ICULocaleName("zh-Hant-TW") == ICULocaleName("zh_Hant_TW"))
        #expect(ICULocaleName("zh-Hant-TW")?.script == "Hant")
        #expect(ICULocaleName("en-US-POSIX")?.variant == "POSIX")
        #expect(ICULocaleName("sr@latin")?.country == "")
        #expect(ICULocaleName("abcdefghijklmnop") == nil)
        #expect(throws: LocaleError.malformed("abcdefghijklmnop")) { try LocaleMatcher(available: ["abcdefghijklmnop"]) }
        #expect(throws: LocaleError.malformed("a\u{0}b")) { try LocaleMatcher(available: ["en"]).match(["a\u{0}b"]) }
        // Pseudo-locales and private-use tags match only themselves.
        #expect(try best(["en", "en-XA"], ["en-XA"]) == "en-XA")
        #expect(try best(["en-XA", "en"], ["en-US"]) == "en")
        #expect(try best(["fr", "x-private"], ["x-private"]) == "x-private")
        // Root matches only root.
        #expect(try best(["it", "und"], ["und"]) == "und")
        #expect(try best(["it", "und"], ["en"]) == "it")
    }

    @Test("the data comes from ICU's langInfo: likely subtags and distances")
    func data() throws {
        let distance = try LocaleDistance.shared()
        let likely = distance.likely
        #expect(likely.maximize("zh", "", "TW") == LSR("zh", "Hant", "TW", flags: 5))
        #expect(likely.maximize("", "", "FR") == LSR("fr", "Latn", "FR", flags: 1))
        #expect(likely.maximize("sr", "", "") == LSR("sr", "Cyrl", "RS", flags: 4))
        #expect(likely.makeMaximizedLsr("iw", "", "", "").language == "he")
        #expect(likely.makeMaximizedLsr("en", "", "SU", "").region == "RU")
        #expect(distance.defaultScriptDistance == 50)
        #expect(distance.defaultDemotionPerDesiredLocale == 5)
        #expect(distance.isParadigm(likely.maximize("en", "", "GB")))
        #expect(!distance.isParadigm(likely.maximize("en", "", "AU")))
        #expect(LSR.indexForRegion("419") == 420)
        #expect(LSR.indexForRegion("AA") == 1001)
        #expect(LSR.indexForRegion("A1") == 0)
    }

    @Test("both langInfo layouts (ICU ≤ 73 strings, ICU ≥ 74 packed numbers) decode to well-formed LSRs")
    func dataLayouts() throws {
        let data = try LocaleMatchData.shared()
        let major = Int(ICUVersion.icu.split(separator: ".")[0])!
        #expect(data.layout == (major >= 74 ? .encoded : .strings))
        // Index 0 is the empty LSR, 1 the trie's placeholder; every other one is a likely result.
        #expect(data.lsrs[0] == LSR("", "", "", flags: LSR.implicit))
        #expect(data.lsrs[1] == LSR("skip", "script", "", flags: LSR.implicit))
        let malformed = (data.lsrs.dropFirst(2) + data.paradigms).filter { lsr in
            !(2...3).contains(lsr.language.utf8.count) || !lsr.language.utf8.allSatisfy({ (0x61...0x7A).contains($0) })
                || lsr.script.utf8.count != 4 || lsr.regionIndex == 0
        }
        #expect(malformed.isEmpty, Comment(rawValue: "\(malformed.prefix(5))"))
        #expect(data.lsrs.contains(LSR("aa", "Latn", "ET", flags: LSR.implicit)))
        #expect(data.paradigms.first == LSR("en", "Latn", "US", flags: LSR.implicit))
        // ICU 74 keeps an explicit region only when it is not a macroregion.
        let likely = try LocaleDistance.shared().likely
        // und-419 is in the likely-subtags trie (es-Latn-419).
        let latinAmerica = likely.maximize("", "", "419")
        #expect(latinAmerica.language == "es" && latinAmerica.region == "419")
        if data.layout == .encoded {
            #expect(data.macroregions.isSuperset(of: ["001", "002", "003", "419", "EU", "UN", "150", "151"]))
            #expect(!data.macroregions.contains("US") && !data.macroregions.contains("004"))
            #expect(latinAmerica.flags == LSR.implicit)
        } else {
            #expect(data.macroregions.isEmpty)
            #expect(latinAmerica.flags == 1)
        }
    }
}
