import Testing
import ICUKit

/// Printf conversions as `String.localizedStringWithFormat` writes them with a locale
/// (CoreFoundation's localized formatting, the same code on Apple platforms and in
/// swift-corelibs-foundation): grouping, decimal separator, digits and minus sign of the
/// language; `%x %o %c %@` as C writes them.
@Suite struct PrintfFormatTests {
    func format(_ format: String, _ arguments: [StringArgument], _ language: String = "en") throws -> String {
        var catalog = StringCatalog(sourceLanguage: language)
        catalog["k"] = .init(key: "k", localizations: [language: .init(unit: .init(state: .translated, value: format))])
        return try catalog.format("k", arguments, language: language)
    }

    @Test func integersInEnglish() throws {
        #expect(try format("%d|%ld|%lld|%i", [1_234_567, 1_234_567, -1_234_567, 1234]) == "1,234,567|1,234,567|-1,234,567|1,234")
        #expect(try format("%u|%lu|%llu", [1_234_567, -1, -1]) == "1,234,567|18,446,744,073,709,551,615|18,446,744,073,709,551,615")
        #expect(try format("%5d|%-5d|%05d|%+d|% d", [42, 42, 42, 42, 42]) == "   42|42   |00,042|+42| 42")
        #expect(try format("%x|%X|%#x|%o|%#o|%08x", [255, 255, 255, 8, 8, 255]) == "ff|FF|0xff|10|010|000000ff")
        #expect(try format("%x", [-1]) == "ffffffff")
        #expect(try format("%c%c", [65, "é"]) == "Aé")
        #expect(try format("%hhd", [300]) == "44")
    }

    @Test func floatingPointInEnglish() throws {
        #expect(try format("%f|%.2f|%.0f|%10.2f", [1_234_567.5, 1234.5, 2.5, 1234.5]) == "1,234,567.500000|1,234.50|2|  1,234.50")
        #expect(try format("%e|%g|%g|%g", [1234.5, 1_234_567.5, 0.0001, 1234.5]) == "1.234500E+03|1.23457E+06|0.0001|1,234.5")
        #expect(try format("%.1f", [0.05]) == "0.0")   // ICU rounds the decimal half-even, as CoreFoundation does
        #expect(try format("%f", [3]) == "3.000000")   // an integer argument converts
    }

    @Test func otherLocales() throws {
        #expect(try format("%d|%.2f", [1_234_567, 1234.5], "de") == "1.234.567|1.234,50")
        #expect(try format("%d|%.2f", [1_234_567, 1234.5], "fr") == "1\u{202F}234\u{202F}567|1\u{202F}234,50")
        #expect(try format("%d", [1_234_567], "hi-IN") == "12,34,567")
        #expect(try format("%d", [1_234_567], "ar-EG") == "١٬٢٣٤٬٥٦٧")
        #expect(try format("%d", [1_234_567], "de-CH") == "1’234’567")
        #expect(try format("%x", [255], "ar-EG") == "ff")   // hexadecimal stays ASCII
    }

    @Test func stringsStarsAndPercent() throws {
        #expect(try format("%@ and %s: 100%%", ["a", "b"]) == "a and b: 100%")
        #expect(try format("[%5@][%-5@][%.2@]", ["ab", "ab", "abc"]) == "[   ab][ab   ][ab]")
        #expect(try format("%*d|%.*f", [5, 42, 1, 2.25]) == "   42|2.2")
        #expect(try format("%2$@ %1$@", ["world", "hello"]) == "hello world")
        #expect(try format("%@", [3]) == "3")   // a number for %@ is its description
        #expect(throws: StringsError.self) { try format("%d", ["x"]) }
        #expect(throws: StringsError.self) { try format("%d", [1.5]) }
        #expect(throws: StringsError.self) { try format("%@ %@", ["x"]) }
    }
}
