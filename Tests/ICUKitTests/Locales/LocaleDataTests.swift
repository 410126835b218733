import Foundation
import Testing
import ICUKit

@Suite("Locale data")
struct LocaleDataTests {
    func locale(_ id: String) throws -> LocaleID { try LocaleID(id) }
    func marks(_ id: String) throws -> [String] {
        let q = try locale(id).quotationMarks
        return [q.start, q.end, q.alternateStart, q.alternateEnd]
    }

    @Test("ICU and BCP 47 forms with keywords round trip; parts")
    func identifiers() throws {
        let icu = try locale("ur_IN@calendar=islamic;currency=USD")
        let tag = try locale("ur-IN-u-ca-islamic-cu-usd")
        #expect(icu == tag)
        #expect(icu.identifier == "ur_IN@calendar=islamic;currency=USD")
        #expect(icu.bcp47 == "ur-IN-u-ca-islamic-cu-usd")
        #expect(icu.keywords == ["calendar": "islamic", "currency": "USD"])
        #expect(icu.unicodeKeywords == ["ca": "islamic", "cu": "usd"])
        #expect(icu.language == "ur" && icu.region == "IN" && icu.script.isEmpty)
        #expect(try locale("sr-Latn-RS").script == "Latn")
        #expect(try locale("zh-TW").maximized.identifier == "zh_Hant_TW")
        #expect(try locale("sr").maximized.identifier == "sr_Cyrl_RS")
        #expect(try locale("en-Latn-US").minimized.identifier == "en")
        #expect(try locale("zh_Hant_TW").minimized.identifier == "zh_TW")
    }

    @Test("display names in any display locale; currency names and symbols for CNY")
    func names() throws {
        let user = try locale("ur_IN@calendar=islamic;currency=USD")
        #expect(user.displayName() == "Urdu (India, Calendar=\(PerICU.value(icu72: "Islamic", icu76: "Hijri")) Calendar, Currency=US Dollar)")
        #expect(try locale("fr-CA").displayName(in: locale("de")) == "Französisch (Kanada)")
        #expect(try locale("zh-Hant").displayName() == "Chinese (Traditional)")
        #expect(try locale("zh-Hant").displayScript().contains("Traditional"))
        #expect(try locale("zh-TW").displayLanguage(in: locale("fr")) == "chinois")
        #expect(try locale("pt-AO").displayRegion(in: locale("pt")) == "Angola")
        #expect(try locale("ja@calendar=japanese").displayKeywordValue("calendar") == "Japanese Calendar")
        let fr = try locale("fr")
        #expect(try locale("en-GB").displayName(in: fr, context: .middleOfSentence) == "anglais (Royaume-Uni)")
        #expect(try locale("en-GB").displayName(in: fr, context: .beginningOfSentence) == "Anglais (Royaume-Uni)")
        #expect(try locale("en-GB").displayName(in: locale("en"), context: .standalone, dialectNames: true) == "British English")
        #expect(try locale("en").currencyName("CNY") == "Chinese Yuan")
        #expect(try locale("fr").currencyName("CNY") == "yuan renminbi chinois")
        #expect(try locale("zh").currencyName("CNY") == "人民币")
        #expect(try locale("en").currencyName("CNY", style: .symbol) == "CN¥")
        #expect(try locale("zh").currencyName("CNY", style: .symbol) == "¥")
        #expect(throws: LocaleError.unknownCurrency("XYZ")) { try locale("en").currencyName("XYZ") }
        #expect(throws: LocaleError.unknownCurrency("dollars")) { try locale("en").currencyName("dollars") }
    }

    @Test("quotation marks, measurement system, paper, first weekday, orientation, currency")
    func data() throws {
        #expect(try marks("en") == ["“", "”", "‘", "’"])
        #expect(try locale("fr").quotationMarks.start == "«")
        #expect(try locale("fr").quotationMarks.end == "»")
        #expect(try marks("ja") == ["「", "」", "『", "』"])
        #expect(try locale("de").quotationMarks.start == "„")
        #expect(try locale("en-US").measurementSystem == .us)
        #expect(try locale("en-GB").measurementSystem == .uk)
        #expect(try locale("fr-FR").measurementSystem == .metric)
        #expect(try locale("en-US").paperSize == (279, 216))
        #expect(try locale("de-DE").paperSize == (297, 210))
        #expect(try locale("en-US").firstWeekday == 1)
        #expect(try locale("fr-FR").firstWeekday == 2)
        #expect(try locale("ar-EG").firstWeekday == 7)
        #expect(try locale("en-US-u-fw-mon").firstWeekday == 2)
        #expect(try locale("ar").characterOrientation == .rightToLeft)
        #expect(try locale("he").characterOrientation == .rightToLeft)
        #expect(try locale("en").characterOrientation == .leftToRight)
        #expect(try locale("ja").lineOrientation == .topToBottom)
        #expect(try locale("de-AT").currencyCode == "EUR")
        #expect(try locale("ur_IN@currency=USD").currencyCode == "USD")
        #expect(try locale("ja").currencyCode == "JPY")
    }

    @Test("default locale from LC_ALL, LC_MESSAGES, LANG")
    func environment() {
        #expect(LocaleID.fromEnvironment(["LANG": "fr_CA.UTF-8"]).identifier == "fr_CA")
        #expect(LocaleID.fromEnvironment(["LANG": "fr_CA.UTF-8", "LC_MESSAGES": "de_AT.UTF-8"]).identifier == "de_AT")
        #expect(LocaleID.fromEnvironment(["LANG": "fr_CA", "LC_MESSAGES": "de_AT", "LC_ALL": "ja_JP.eucJP"]).identifier == "ja_JP")
        #expect(LocaleID.fromEnvironment(["LANG": "", "LC_ALL": ""]).identifier == "en_US_POSIX")
        #expect(LocaleID.fromEnvironment(["LANG": "C.UTF-8"]).identifier == "en_US_POSIX")
        #expect(LocaleID.fromEnvironment(["LANG": "sr_RS@latin"]).identifier == "sr_Latn_RS")
    }
}

