import Foundation
import Testing
import ICUKit

/// Number formatting against ICU 72 / CLDR 42 data; U+00A0 and U+202F are the no-break
/// spaces CLDR uses (French groups with U+202F).
@Suite("Number formatting")
struct NumberFormattingTests {
    func locale(_ id: String) throws -> LocaleID { try LocaleID(id) }

    @Test("decimal grouping: Western, Indian lakh, French narrow no-break space, Arabic digits")
    func grouping() throws {
        #expect(try ICUNumberFormatter(.decimal, locale: locale("en")).format(1234567.891) == "1,234,567.891")
        #expect(try ICUNumberFormatter(.decimal, locale: locale("en-IN")).format(1234567) == "12,34,567")
        #expect(try ICUNumberFormatter(.decimal, locale: locale("hi")).format(123456789) == "12,34,56,789")
        #expect(try ICUNumberFormatter(.decimal, locale: locale("fr")).format(1234567.5) == "1\u{202F}234\u{202F}567,5")
        #expect(try ICUNumberFormatter(.decimal, locale: locale("de")).format(1234567.5) == "1.234.567,5")
        #expect(try ICUNumberFormatter(.decimal, locale: locale("ru")).format(1234567) == "1\u{A0}234\u{A0}567")
        #expect(try ICUNumberFormatter(.decimal, locale: locale("ar")).format(1234.5) == PerICU.value(icu72: "١٬٢٣٤٫٥", icu76: "1,234.5"))
        #expect(try ICUNumberFormatter(.decimal, locale: locale("ar-u-nu-arab")).format(1234.5) == "١٬٢٣٤٫٥")
        #expect(try ICUNumberFormatter(.decimal, locale: locale("ar-u-nu-latn")).format(1234.5) == "1,234.5")
        #expect(try ICUNumberFormatter(.decimal.grouping(.off), locale: locale("en")).format(1234567) == "1234567")
        #expect(try ICUNumberFormatter(.decimal, locale: locale("he")).format(1234.5) == "1,234.5")
        // Exact integers and long decimals (no rounding through Double).
        #expect(try ICUNumberFormatter(.decimal, locale: locale("de")).format(9_007_199_254_740_993) == "9.007.199.254.740.993")
        #expect(try ICUNumberFormatter(skeleton: "", locale: "en").format(decimal: "12345678901234567890.25") == "12,345,678,901,234,567,890.25")
    }

    @Test("numbering systems: Devanagari, Thai, Arabic-Indic")
    func numberingSystems() throws {
        #expect(try ICUNumberFormatter(.decimal.numberingSystem("deva"), locale: locale("hi")).format(1234567) == "१२,३४,५६७")
        #expect(try ICUNumberFormatter(.decimal.numberingSystem("thai"), locale: locale("th")).format(1234) == "๑,๒๓๔")
        #expect(try ICUNumberFormatter(skeleton: "numbering-system/arab", locale: "en").format(42) == "٤٢")
    }

    @Test("percent, scientific, compact")
    func styles() throws {
        #expect(try ICUNumberFormatter(.percent, locale: locale("en")).format(0.25) == "25%")
        #expect(try ICUNumberFormatter(.percent, locale: locale("fr")).format(0.25) == "25\u{A0}%")
        #expect(try ICUNumberFormatter(.percent, locale: locale("de")).format(0.256) == "25,6\u{A0}%")
        #expect(try ICUNumberFormatter(skeleton: "percent", locale: "en").format(25) == "25%")
        #expect(try ICUNumberFormatter(.scientific, locale: locale("en")).format(12345) == "1.2345E4")
        #expect(try ICUNumberFormatter(.compactShort, locale: locale("en")).format(1234) == "1.2K")
        #expect(try ICUNumberFormatter(.compactShort, locale: locale("ja")).format(123456) == "12万")
        #expect(try ICUNumberFormatter(.compactLong, locale: locale("en")).format(1234) == "1.2 thousand")
        #expect(try ICUNumberFormatter(.compactShort, locale: locale("zh")).format(123456789) == "1.2亿")
    }

    @Test("currency: symbol, ISO code, narrow symbol, name, accounting; CNY in en/fr/zh")
    func currency() throws {
        #expect(try ICUNumberFormatter(.currency("EUR"), locale: locale("de")).format(1234.5) == "1.234,50\u{A0}€")
        #expect(try ICUNumberFormatter(.currency("CNY"), locale: locale("en")).format(3) == "CN¥3.00")
        #expect(try ICUNumberFormatter(.currency("CNY"), locale: locale("fr")).format(3) == "3,00\u{A0}CNY")
        #expect(try ICUNumberFormatter(.currency("CNY"), locale: locale("zh")).format(3) == "¥3.00")
        #expect(try ICUNumberFormatter(.currency("CNY", display: .narrowSymbol), locale: locale("en")).format(3) == "¥3.00")
        #expect(try ICUNumberFormatter(.currency("CNY", display: .isoCode), locale: locale("en")).format(3) == "CNY\u{A0}3.00")
        #expect(try ICUNumberFormatter(.currency("CNY", display: .name), locale: locale("en")).format(3) == "3.00 Chinese yuan")
        #expect(try ICUNumberFormatter(.currency("USD", display: .name), locale: locale("en")).format(1) == "1.00 US dollars")
        #expect(try ICUNumberFormatter(.accounting("USD"), locale: locale("en")).format(-5) == "($5.00)")
        #expect(try ICUNumberFormatter(.currency("JPY"), locale: locale("ja")).format(1234.5) == "￥1,234")
        #expect(try ICUNumberFormatter(.currency("INR"), locale: locale("en-IN")).format(1234567) == "₹12,34,567.00")
    }

    @Test("precision and rounding")
    func precision() throws {
        #expect(try ICUNumberFormatter(.decimal.precision(.fractionDigits(2...2)), locale: locale("en")).format(1.005) == "1.00")
        #expect(try ICUNumberFormatter(.decimal.precision(.fractionDigits(0...2)), locale: locale("en")).format(1.5) == "1.5")
        #expect(try ICUNumberFormatter(.decimal.precision(.significantDigits(3...3)), locale: locale("en")).format(123456) == "123,000")
        #expect(try ICUNumberFormatter(.decimal.precision(.integer).rounding(.halfUp), locale: locale("en")).format(2.5) == "3")
        #expect(try ICUNumberFormatter(.decimal.precision(.integer).rounding(.halfEven), locale: locale("en")).format(2.5) == "2")
        #expect(try ICUNumberFormatter(.decimal.precision(.integer).rounding(.floor), locale: locale("en")).format(-2.5) == "-3")
        #expect(try ICUNumberFormatter(.decimal.minimumIntegerDigits(3), locale: locale("en")).format(7) == "007")
        #expect(try ICUNumberFormatter(.decimal.sign(.always), locale: locale("en")).format(7) == "+7")
        #expect(try ICUNumberFormatter(skeleton: ".000", locale: "en").format(decimal: "1.2") == "1.200")
    }

    @Test("NumberStyle builds skeletons")
    func styleSkeletons() {
        #expect(NumberStyle.currency("USD", display: .narrowSymbol).precision(.integer).skeleton == "currency/USD unit-width-narrow precision-integer")
        #expect(NumberStyle.decimal.precision(.fractionDigits(1...3)).grouping(.off).skeleton == ".0## group-off")
        #expect(NumberStyle.decimal.precision(.significantDigits(2...4)).rounding(.halfUp).skeleton == "@@## rounding-mode-half-up")
        #expect(NumberStyle.percent.sign(.always).numberingSystem("arab").skeleton == "percent scale/100 sign-always numbering-system/arab")
        #expect(NumberStyle.unit("meter", width: .long).skeleton == "unit/meter unit-width-full-name")
        #expect(NumberStyle.accounting("EUR").skeleton == "currency/EUR sign-accounting")
    }

    @Test("ranges")
    func ranges() throws {
        #expect(try NumberRangeFormatter(skeleton: "unit/kilogram", locale: locale("en")).format(3, 5) == "3–5 kg")
        #expect(try NumberRangeFormatter(skeleton: "currency/USD", locale: locale("en")).format(3, 5) == "$3.00 – $5.00")
        #expect(try NumberRangeFormatter(locale: locale("en")).format(5, 5) == "~5")
        #expect(throws: FormattingError.self) { try NumberRangeFormatter(skeleton: "bogus", locale: locale("en")) }
    }

    @Test("spell-out and ordinals (RBNF)")
    func ruleBased() throws {
        #expect(try RuleBasedNumberFormatter(.spellOut, locale: locale("en")).format(42) == "forty-two")
        #expect(try RuleBasedNumberFormatter(.spellOut, locale: locale("fr")).format(42) == "quarante-deux")
        #expect(try RuleBasedNumberFormatter(.spellOut, locale: locale("de")).format(21) == "ein\u{AD}und\u{AD}zwanzig")  // CLDR marks hyphenation points with U+00AD
        #expect(try RuleBasedNumberFormatter(.spellOut, locale: locale("de")).format(21).replacingOccurrences(of: "\u{AD}", with: "") == "einundzwanzig")
        #expect(try RuleBasedNumberFormatter(.spellOut, locale: locale("en")).format(2.5) == "two point five")
        #expect(try RuleBasedNumberFormatter(.ordinal, locale: locale("en")).format(21) == "21st")
        #expect(try RuleBasedNumberFormatter(.ordinal, locale: locale("en")).format(102) == "102nd")
        #expect(try RuleBasedNumberFormatter(.ordinal, locale: locale("fr")).format(1) == "1er")
        #expect(try RuleBasedNumberFormatter(.spellOut, locale: locale("en")).parse("forty-two") == 42)
        #expect(try RuleBasedNumberFormatter(.spellOut, locale: locale("fr")).parse("quarante-deux") == 42)
        #expect(throws: FormattingError.self) { try RuleBasedNumberFormatter(.spellOut, locale: locale("en")).parse("forty-blue") }
    }

    @Test("parse(format(x)) round trips in several locales")
    func roundTrips() throws {
        let values: [Double] = [0, 1, -1, 0.5, 1234.5, -98765.25, 1_234_567.125, 12.3456]
        for id in ["en", "fr", "de", "ar", "hi", "en-IN", "ja", "zh", "ru", "pl", "cy", "he"] {
            let formatter = try ICUNumberFormatter(.decimal.precision(.fractionDigits(0...6)), locale: locale(id))
            let parser = try NumberParser(.decimal, locale: locale(id))
            for value in values {
                let text = try formatter.format(value)
                #expect(try parser.parse(text) == value, "\(id): \(text)")
            }
            let percent = try ICUNumberFormatter(.percent, locale: locale(id))
            #expect(try NumberParser(.percent, locale: locale(id)).parse(percent.format(0.25)) == 0.25, "\(id)")
            let words = try RuleBasedNumberFormatter(.spellOut, locale: locale("en"))
            #expect(try words.parse(words.format(1234)) == 1234)
        }
        #expect(try NumberParser(.currency, locale: locale("en-US")).parse("$1,234.50") == 1234.5)
        #expect(try NumberParser(.decimal, locale: locale("de")).parse("1.234,5") == 1234.5)
    }

    @Test("typed errors: bad skeleton, unit, currency, number, text, unknown locale")
    func errors() throws {
        #expect(throws: FormattingError.invalidSkeleton("percent/x", offset: 7)) { try ICUNumberFormatter(skeleton: "percent/x", locale: "en") }
        #expect(throws: FormattingError.unknownUnit("furlongx")) { try ICUNumberFormatter(skeleton: "unit/furlongx", locale: "en") }
        #expect(throws: FormattingError.unknownCurrency("EURO")) { try ICUNumberFormatter(skeleton: "currency/EURO", locale: "en") }
        #expect(throws: FormattingError.invalidNumber("1x")) { try ICUNumberFormatter(skeleton: "", locale: "en").format(decimal: "1x") }
        #expect(throws: FormattingError.unparseable("12x", byteOffset: 2)) { try NumberParser(.decimal, locale: locale("en")).parse("12x") }
        #expect(throws: FormattingError.unparseable("", byteOffset: 0)) { try NumberParser(.decimal, locale: locale("en")).parse("") }
        #expect(throws: FormattingError.unknownLocale("xx")) { try ICUNumberFormatter(skeleton: "", locale: "xx", strict: true) }
        let malformed = "a_b_c_d@@"
        #expect(throws: LocaleError.self) { try ICUNumberFormatter(skeleton: "", locale: LocaleID(malformed)) }
    }

    @Test("formatters are shared across threads")
    func concurrency() async throws {
        let formatter = try ICUNumberFormatter(.currency("EUR"), locale: locale("de"))
        let results = await withTaskGroup(of: Bool.self) { group in
            for i in 0..<8 {
                group.addTask {
                    (0..<200).allSatisfy { j in (try? formatter.format(Double(i * 1000 + j))) == (try? ICUNumberFormatter(.currency("EUR"), locale: LocaleID("de")).format(Double(i * 1000 + j))) }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 })
        #expect(try formatter.format(1) == "1,00\u{A0}€")
    }
}
