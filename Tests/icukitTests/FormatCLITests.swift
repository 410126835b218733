import Foundation
import Testing

/// End-to-end tests of `icukit format number|measure|plural|list|message` and
/// `icukit locale info|match` (the ARCHITECTURE.md contract).
@Suite("icukit format and locale CLI")
struct FormatCLITests {
    let cli = CLITests()

    func out(_ arguments: [String]) throws -> String {
        let result = try cli.run(arguments, input: "")
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    @Test("format number: skeletons, spell-out, ordinal, ranges, parsing, json")
    func number() throws {
        #expect(try out(["format", "number", "1234567", "--locale", "en-IN"]) == "12,34,567\n")
        #expect(try out(["format", "number", "1234.5", "--skeleton", "currency/EUR", "--locale", "de"]) == "1.234,50\u{A0}€\n")
        #expect(try out(["format", "number", "123456", "--skeleton", "compact-short", "--locale", "ja"]) == "12万\n")
        #expect(try out(["format", "number", "25", "--skeleton", "percent", "--locale", "en"]) == "25%\n")
        #expect(try out(["format", "number", "1234.5", "--locale", "ar"]) == PerICU.value(icu72: "١٬٢٣٤٫٥\n", icu76: "1,234.5\n"))
        #expect(try out(["format", "number", "42", "--spell-out", "--locale", "fr"]) == "quarante-deux\n")
        #expect(try out(["format", "number", "21", "--ordinal", "--locale", "en"]) == "21st\n")
        #expect(try out(["format", "number", "3", "--to", "5", "--skeleton", "unit/kilogram", "--locale", "en"]) == "3–5 kg\n")
        #expect(try out(["format", "number", "1.234,5", "--parse", "decimal", "--locale", "de"]) == "1234.5\n")
        #expect(try out(["format", "number", "3", "--skeleton", "currency/CNY unit-width-full-name", "--locale", "en", "--format", "json"]) == "{\"text\":\"3.00 Chinese yuan\"}\n")
        #expect(try out(["format", "number", "--skeleton", "currency/USD sign-accounting", "--locale", "en", "--", "-5"]) == "($5.00)\n")
    }

    @Test("format measure, plural, list, message")
    func others() throws {
        #expect(try out(["format", "measure", "180", "centimeter", "--usage", "person-height", "--locale", "en-US"]) == "5 ft, 11 in\n")
        #expect(try out(["format", "measure", "180", "centimeter", "--usage", "person-height", "--locale", "fr"]) == PerICU.value(icu72: "180\u{202F}cm\n", icu76: "1\u{202F}m et 80\u{202F}cm\n"))
        #expect(try out(["format", "measure", "500", "kilocalorie", "--usage", "food", "--locale", "en-US"]) == "500 Cal\n")
        #expect(try out(["format", "measure", "3", "meter", "--width", "long", "--locale", "en", "--format", "json"]) == "{\"text\":\"3 meters\"}\n")
        #expect(try out(["format", "plural", "1.0", "--locale", "en"]) == "other\n")
        #expect(try out(["format", "plural", "5", "--locale", "ru", "--format", "json"]) == "{\"category\":\"many\"}\n")
        #expect(try out(["format", "plural", "22", "--ordinal", "--locale", "en"]) == "two\n")
        #expect(try out(["format", "list", "a", "b", "c", "--type", "or", "--locale", "ja"]) == "a、b、またはc\n")
        #expect(try out(["format", "list", "a", "b", "c", "--locale", "en"]) == "a, b, and c\n")
        #expect(try out(["format", "message", "{n, plural, one {# file} other {# files}} for {who}", "n=3", "who=Ana", "--locale", "en"]) == "3 files for Ana\n")
    }

    @Test("locale info json (the seed's user, CNY names) and match")
    func locale() throws {
        let info = try out(["locale", "info", "ur-IN-u-ca-islamic-cu-usd", "--format", "json"])
        #expect(info == """
            {"id":"ur_IN@calendar=islamic;currency=USD","bcp47":"ur-IN-u-ca-islamic-cu-usd","language":"ur","script":"","region":"IN",\
            "keywords":{"calendar":"islamic","currency":"USD"},"displayName":"Urdu (India, Calendar=\(PerICU.value(icu72: "Islamic", icu76: "Hijri")) Calendar, Currency=US Dollar)",\
            "quotes":["”","“","’","‘"],"measurementSystem":"metric","firstWeekday":1,"characterDirection":"rtl","currency":"USD","currencyName":"US Dollar"}

            """)
        let french = try out(["locale", "info", "zh_CN", "--display-locale", "fr", "--format", "json"])
        #expect(french.contains("\"displayName\":\"chinois (Chine)\""))
        #expect(french.contains("\"currencyName\":\"yuan renminbi chinois\""))
        #expect(try out(["locale", "info", "ja", "--format", "json"]).contains("\"quotes\":[\"「\",\"」\",\"『\",\"』\"]"))
        #expect(try out(["locale", "match", "--available", "en,zh-Hans,zh-Hant", "--preferred", "zh-TW"]) == "zh-Hant\n")
        #expect(try out(["locale", "match", "--available", "pt-BR,pt-PT", "--preferred", "pt-AO"]) == "pt-PT\n")
        #expect(try out(["locale", "match", "--available", "es,es-419", "--preferred", "es-MX"]) == "es-419\n")
        #expect(try out(["locale", "match", "--available", "fr,de", "--preferred", "ja", "--format", "json"]) == "{\"match\":\"fr\",\"index\":null,\"matched\":false,\"distance\":null}\n")
    }

    @Test("exit codes: bad skeleton, unit, pattern, locale → 64; bad values → 65")
    func errors() throws {
        for (arguments, code) in [
            (["format", "number", "1", "--skeleton", "bogus"], Int32(64)),
            (["format", "number", "abc"], 65),
            (["format", "measure", "1", "furlongs"], 64),
            (["format", "message", "{a"], 64),
            (["format", "message", "{n, plural, other {#}}", "n=abc"], 65),
            (["format", "number", "1", "--locale", "xx", "--strict"], 64),
            (["locale", "info", "a_b_c_d@@"], 64),
            (["format", "number", "12x", "--parse", "decimal", "--locale", "en"], 65),
        ] {
            let result = try cli.run(arguments, input: "")
            #expect(result.status == code, "\(arguments)")
            #expect(result.stderr.hasPrefix("icukit: error: "), "\(arguments)")
        }
    }
}
