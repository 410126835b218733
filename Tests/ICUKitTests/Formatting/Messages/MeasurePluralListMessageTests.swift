import Foundation
import Testing
import ICUKit

@Suite("Measures, plurals, lists, messages")
struct MeasurePluralListMessageTests {
    func locale(_ id: String) throws -> LocaleID { try LocaleID(id) }

    @Test("usage converts to the locale's preferred units (ICU 72 data)")
    func usage() throws {
        #expect(try MeasureFormatter(unit: "centimeter", usage: "person-height", locale: locale("en-US")).format(180) == "5 ft, 11 in")
        #expect(try MeasureFormatter(unit: "centimeter", usage: "person-height", width: .narrow, locale: locale("en-US")).format(180) == "5′ 11″")
        // ICU 72 prefers metres and centimetres for fr_FR, centimetres for fr (likely region FR as 001).
        #expect(try MeasureFormatter(unit: "centimeter", usage: "person-height", locale: locale("fr-FR")).format(180) == "1\u{202F}m et 80\u{202F}cm")
        #expect(try MeasureFormatter(unit: "centimeter", usage: "person-height", locale: locale("de-DE")).format(180) == "180 cm")
        #expect(try MeasureFormatter(unit: "kilogram", usage: "person", locale: locale("en-GB")).format(70) == "11 st, 0.32 lb")
        #expect(try MeasureFormatter(unit: "kilocalorie", usage: "food", locale: locale("en-US")).format(500) == "500 Cal")
        #expect(try MeasureFormatter(unit: "kilometer", usage: "road", locale: locale("en-US")).format(100) == "62 mi")
        #expect(try MeasureFormatter(unit: "meter", width: .long, locale: locale("fr")).format(3) == "3\u{A0}mètres")
        #expect(try MeasureFormatter(unit: "foot-and-inch", locale: locale("en")).format(5.5) == "5 ft, 6 in")
        #expect(try MeasureFormatter(unit: "kilometer-per-hour", width: .long, locale: locale("de")).format(50) == "50 Kilometer pro Stunde")
        #expect(throws: FormattingError.unknownUnit("furlongs")) { try MeasureFormatter(unit: "furlongs", locale: locale("en")) }
        #expect(throws: FormattingError.self) { try MeasureFormatter(unit: "Meter", locale: locale("en")) }
    }

    @Test("cardinal categories: ru few/many, pl, cy six forms, ar, he, ja")
    func cardinal() throws {
        let ru = try PluralRules(locale: locale("ru"))
        #expect(try [1, 2, 5, 11, 21, 22, 25].map { try ru.category(for: $0) } == [.one, .few, .many, .many, .one, .few, .many])
        #expect(try ru.category(forFormatted: "1.5") == .other)
        let pl = try PluralRules(locale: locale("pl"))
        #expect(try [1, 2, 5, 22, 12].map { try pl.category(for: $0) } == [.one, .few, .many, .few, .many])
        let cy = try PluralRules(locale: locale("cy"))
        #expect(cy.categories == [.zero, .one, .two, .few, .many, .other])
        #expect(try [0, 1, 2, 3, 6, 4].map { try cy.category(for: $0) } == [.zero, .one, .two, .few, .many, .other])
        let ar = try PluralRules(locale: locale("ar"))
        #expect(ar.categories.count == 6)
        #expect(try ar.category(for: 0) == .zero)
        #expect(try ar.category(for: 11) == .many)
        #expect(try PluralRules(locale: locale("he")).category(for: 2) == .two)
        #expect(try PluralRules(locale: locale("ja")).categories == [.other])
        #expect(throws: FormattingError.self) { try ru.category(for: .nan) }
    }

    @Test("visible fraction digits: 1 vs 1.0; formatted numbers")
    func formatted() throws {
        let en = try PluralRules(locale: locale("en"))
        #expect(try en.category(forFormatted: "1") == .one)
        #expect(try en.category(forFormatted: "1.0") == .other)
        #expect(try PluralRules(locale: locale("fr")).category(forFormatted: "1.5") == .one)
        let oneDecimal = try ICUNumberFormatter(skeleton: ".0", locale: "en")
        #expect(try en.category(for: 1, formattedWith: oneDecimal) == .other)
        #expect(try en.category(for: 1, formattedWith: ICUNumberFormatter(skeleton: "", locale: "en")) == .one)
        #expect(throws: FormattingError.invalidNumber("one")) { try en.category(forFormatted: "one") }
    }

    @Test("ordinal categories")
    func ordinal() throws {
        let en = try PluralRules(.ordinal, locale: locale("en"))
        #expect(try [1, 2, 3, 4, 11, 21, 22, 23].map { try en.category(for: $0) } == [.one, .two, .few, .other, .other, .one, .two, .few])
        #expect(try PluralRules(.ordinal, locale: locale("fr")).category(for: 1) == .one)
    }

    @Test("lists: and/or/units, widths")
    func lists() throws {
        #expect(try ICUListFormatter(locale: locale("en")).format(["a", "b", "c"]) == "a, b, and c")
        #expect(try ICUListFormatter(ListStyle(type: .or), locale: locale("en")).format(["a", "b", "c"]) == "a, b, or c")
        #expect(try ICUListFormatter(ListStyle(type: .or), locale: locale("ja")).format(["a", "b", "c"]) == "a、b、またはc")
        #expect(try ICUListFormatter(locale: locale("de")).format(["a", "b", "c"]) == "a, b und c")
        #expect(try ICUListFormatter(locale: locale("fr")).format(["thé", "café"]) == "thé et café")
        #expect(try ICUListFormatter(ListStyle(width: .short), locale: locale("en")).format(["a", "b", "c"]) == "a, b, & c")
        #expect(try ICUListFormatter(ListStyle(type: .units, width: .narrow), locale: locale("en")).format(["5′", "11″"]) == "5′ 11″")
        #expect(try ICUListFormatter(locale: locale("zh")).format(["甲", "乙", "丙"]) == "甲、乙和丙")
        #expect(try ICUListFormatter(locale: locale("en")).format([]) == "")
        #expect(try ICUListFormatter(locale: locale("en")).format(["solo"]) == "solo")
    }

    @Test("MessageFormat: plural, select, selectordinal, numbers, quoting, named arguments")
    func messages() throws {
        let files = try MessageFormatter("{name} has {count, plural, =0 {no files} one {# file} other {# files}}.", locale: locale("en"))
        #expect(try files.format(["name": "Ana", "count": 0]) == "Ana has no files.")
        #expect(try files.format(["name": "Ana", "count": 1]) == "Ana has 1 file.")
        #expect(try files.format(["name": "Ana", "count": 1234]) == "Ana has 1,234 files.")
        #expect(files.argumentNames == ["name", "count"])
        let ru = try MessageFormatter("{n, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}", locale: locale("ru"))
        #expect(try [1, 3, 5, 21].map { try ru.format(["n": .number(Double($0))]) } == ["1 файл", "3 файла", "5 файлов", "21 файл"])
        let rank = try MessageFormatter("{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", locale: locale("en"))
        #expect(try rank.format(["n": 22]) == "22nd")
        let invite = try MessageFormatter(
            "{host} invites {guests, plural, offset:1 =0 {nobody} =1 {{guest}} one {{guest} and one other} other {{guest} and # others}} to {gender, select, female {her} male {his} other {their}} party.",
            locale: locale("en"))
        #expect(try invite.format(["host": "Ana", "guests": 3, "guest": "Bo", "gender": "female"]) == "Ana invites Bo and 2 others to her party.")
        let quoted = try MessageFormatter("It''s '{literal}' {x}", locale: locale("en"))
        #expect(try quoted.format(["x": "ok"]) == "It's {literal} ok")
        let numbered = try MessageFormatter("{0} {1, number, integer}", locale: locale("de"))
        #expect(try numbered.format(["0": "Summe:", "1": 1234.7]) == "Summe: 1.234")
        #expect(try MessageFormatter("{n}", locale: locale("fr")).format(["n": 1234.5]) == "1\u{202F}234,5")
        #expect(try MessageFormatter("{n, plural, one {#} other {#}}", locale: locale("en")).format(["n": "3"]) == "3")
        // choice (deprecated, still ICU syntax): sub-messages with named arguments.
        let choice = try MessageFormatter("{n, choice, 0#no files|1#one file in {dir}|1<{n, number} files in {dir}}", locale: locale("en"))
        #expect(try choice.format(["n": 0, "dir": "Docs"]) == "no files")
        #expect(try choice.format(["n": 1, "dir": "Docs"]) == "one file in Docs")
        #expect(try choice.format(["n": 1234, "dir": "Docs"]) == "1,234 files in Docs")
    }

    @Test("shared plural rules, messages and lists across tasks")
    func concurrency() async throws {
        let rules = try PluralRules(locale: locale("ru"))
        let message = try MessageFormatter("{n, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}", locale: locale("ru"))
        let list = try ICUListFormatter(locale: locale("en"))
        let ok = await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    (0..<300).allSatisfy { i in
                        let n = Double(task * 300 + i)
                        let category = try? rules.category(for: n)
                        let text = try? message.format(["n": .number(n)])
                        let joined = try? list.format(["\(i)", "x"])
                        let expectedSuffix: String = switch category {
                        case .one?: "файл"
                        case .few?: "файла"
                        default: "файлов"
                        }
                        return text?.hasSuffix(expectedSuffix) == true && joined == "\(i) and x"
                    }
                }
            }
            return await group.reduce(true) { $0 && $1 }
        }
        #expect(ok)
    }

    @Test("MessageFormat typed errors")
    func messageErrors() throws {
        #expect(throws: FormattingError.self) { try MessageFormatter("{a", locale: locale("en")) }
        #expect(throws: FormattingError.self) { try MessageFormatter("{n, plural, one {x}", locale: locale("en")) }
        let plural = try MessageFormatter("{n, plural, one {#} other {#}}", locale: locale("en"))
        #expect(throws: FormattingError.invalidArgument("missing argument \"n\"")) { try plural.format([:]) }
        #expect(throws: FormattingError.self) { try plural.format(["n": "abc"]) }
        #expect(throws: FormattingError.self) { try MessageFormatter("{n, plural, other {#}} {n}", locale: locale("en")) }
        // ICU reads style keywords without regard to case: "integEr" takes an int32 argument.
        #expect(try MessageFormatter("{n, number, integEr}", locale: locale("en")).format(["n": .number(1234)]) == "1,234")
        // MessageFormatFuzz: with "integEr" read as a double argument, umsg_vformat failed.
        let found = "{0, number, integEr} {1, date, short} {2\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}ellout}"
        if let message = try? MessageFormatter(found, locale: locale("en")) {
            let arguments = Dictionary(uniqueKeysWithValues: message.argumentNames.map { ($0, MessageArgument.number(1)) })
            #expect(try message.format(arguments).hasPrefix("1 "))
        }
    }

    @Test("MessageFormat arguments as ICU's parser reads them: quoting, nesting, numbered arguments")
    func messageArguments() throws {
        let quoted = try MessageFormatter("'{not}' {a} '{'{b}'}' {c, plural, other {{d} '#'}}", locale: locale("en"))
        #expect(quoted.argumentNames == ["a", "b", "c", "d"])
        #expect(try quoted.format(["a": "A", "b": "B", "c": 2, "d": "D"]) == "{not} A {B} D #")
        let numbered = try MessageFormatter("{1} before {0}", locale: locale("en"))
        #expect(numbered.argumentNames == ["1", "0"])
        #expect(try numbered.format(["0": "zero", "1": "one"]) == "one before zero")
        let typed = try MessageFormatter("{when, Date, short} {n, NUMBER,  Integer } {s, select, other {{s}}}", locale: locale("en"))
        #expect(try typed.format(["when": .date(0), "n": .number(2.9), "s": "x"]).hasSuffix(" 2 x"))
    }

    static let stringsdict = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <!-- one entry, one variable -->
            <key>files</key>
            <dict>
                <key>NSStringLocalizedFormatKey</key>
                <string>%#@files@</string>
                <key>files</key>
                <dict>
                    <key>NSStringFormatSpecTypeKey</key>
                    <string>NSStringPluralRuleType</string>
                    <key>NSStringFormatValueTypeKey</key>
                    <string>d</string>
                    <key>zero</key>
                    <string>No files</string>
                    <key>one</key>
                    <string>%d file</string>
                    <key>few</key>
                    <string>%d файла</string>
                    <key>many</key>
                    <string>%d файлов</string>
                    <key>other</key>
                    <string>%d files &amp; more</string>
                </dict>
            </dict>
            <key>folders</key>
            <dict>
                <key>NSStringLocalizedFormatKey</key>
                <string>%@: %#@files@ in %#@folders@</string>
                <key>files</key>
                <dict>
                    <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                    <key>NSStringFormatValueTypeKey</key><string>ld</string>
                    <key>one</key><string>%ld file</string>
                    <key>other</key><string>%ld files</string>
                </dict>
                <key>folders</key>
                <dict>
                    <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                    <key>NSStringFormatValueTypeKey</key><string>d</string>
                    <key>one</key><string>one folder</string>
                    <key>other</key><string>%d folders</string>
                </dict>
            </dict>
        </dict>
        </plist>
        """

    @Test(".stringsdict plural entries resolve with ICU's rules (read and formatted by StringCatalog)")
    func stringsDict() throws {
        let en = try StringCatalog(bytes: Array(Self.stringsdict.utf8), format: .stringsdict, language: "en")
        let ru = try StringCatalog(bytes: Array(Self.stringsdict.utf8), format: .stringsdict, language: "ru")
        #expect(Set(en.keys) == ["files", "folders"])
        #expect(try en.format("files", [0], language: "en") == "No files")
        #expect(try en.format("files", [1], language: "en") == "1 file")
        #expect(try en.format("files", [7], language: "en") == "7 files & more")
        #expect(try ru.format("files", [3], language: "ru") == "3 файла")
        #expect(try ru.format("files", [5], language: "ru") == "5 файлов")
        #expect(try en.format("folders", ["Disk", 3, 1], language: "en") == "Disk: 3 files in one folder")
        #expect(try en.format("folders", ["Disk", 1, 2], language: "en") == "Disk: 1 file in 2 folders")
        #expect(#expect(throws: StringsError.self) { try en.format("nope", [1], language: "en") }?.kind == .unknownKey)
        #expect(#expect(throws: StringsError.self) { try en.format("files", [], language: "en") }?.kind == .missingArgument)
        #expect(throws: StringsError.self) { try StringCatalog(bytes: Array("<plist><dict><key>x</key>".utf8), format: .stringsdict) }
        #expect(throws: StringsError.self) { try StringCatalog(bytes: Array("not xml".utf8), format: .stringsdict) }
    }
}

/// MessageFormatFuzz's crash input (a SEGV in `u_strlen` under `umsg_vformat`, which reads a
/// C `va_list` by ICU's parse of the pattern): with ICU's own parse of the arguments and
/// typed values, every argument value either formats or gives a typed error.
@Suite("Message formatting: fuzzed patterns")
struct MessageFuzzRegressionTests {
    @Test("the MessageFormatFuzz crash input formats or throws for every argument value")
    func crashInput() throws {
        // Tests/ICUKitTests/Formatting/Messages/ → the package root.
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { root = root.deletingLastPathComponent() }
        let url = root.appendingPathComponent("Fuzz/regressions/MessageFormatFuzz/vformat-va-list-overread")
        let bytes = [UInt8](try Data(contentsOf: url))
        let locales = ["en", "ru", "cy", "ar", "fr", "ja"]
        let locale = try LocaleID(locales[Int(bytes[0]) % locales.count])
        let pattern = String(decoding: bytes.dropFirst(), as: UTF8.self)
        // ICU parses the pattern (in `ja`): `{1, date, …}` sits inside quoted text, and the
        // three arguments it reads are plain ones, so every value formats.
        let message = try MessageFormatter(pattern, locale: locale)
        var formatted: [Bool] = []
        for value in [MessageArgument.number(1), .number(-3.5), .string("x"), .date(0)] {
            var arguments: [String: MessageArgument] = [:]
            for name in message.argumentNames { arguments[name] = value }
            formatted.append((try? message.format(arguments)) != nil)
        }
        #expect(locale == "ja")
        #expect(message.argumentNames == ["x", String(repeating: "\u{0}", count: 12), "\u{FFFD}\u{FFFD}"])
        #expect(formatted == [true, true, true, true])
    }
}
