import Testing
import ICUKit

/// Catalogs built in code, in the shape Xcode writes them.
enum FormatFixtures {
    typealias L = StringCatalog.Localization

    static func unit(_ value: String, _ state: StringCatalog.TranslationState = .translated) -> L {
        L(unit: .init(state: state, value: value))
    }

    static func plural(_ cases: [String: String]) -> L {
        L(variations: .init(kind: .plural, cases: cases.mapValues { unit($0) }))
    }

    static var catalog: StringCatalog {
        var catalog = StringCatalog(sourceLanguage: "en")
        catalog["greeting"] = .init(key: "greeting", localizations: [
            "en": unit("Hello, %@!"), "fr": unit("Bonjour, %@ !"), "ar": unit("مرحبا، %@!"), "zh-Hant": unit("你好，%@！"),
        ])
        catalog["files"] = .init(key: "files", localizations: [
            "en": plural(["one": "%lld file", "other": "%lld files"]),
            "fr": plural(["one": "%lld fichier", "other": "%lld fichiers"]),
            "ru": plural(["one": "%lld файл", "few": "%lld файла", "many": "%lld файлов", "other": "%lld файла"]),
            "ar": plural([
                "zero": "لا ملفات", "one": "ملف واحد", "two": "ملفان", "few": "%lld ملفات", "many": "%lld ملفًا", "other": "%lld ملف",
            ]),
            "ja": plural(["other": "%lld 個のファイル"]),
        ])
        catalog["km"] = .init(key: "km", localizations: [
            "en": plural(["one": "%.1f kilometer", "other": "%.1f kilometers"]),
            "fr": plural(["one": "%.1f kilomètre", "other": "%.1f kilomètres"]),
            "ru": plural(["one": "%.1f километр", "few": "%.1f километра", "many": "%.1f километров", "other": "%.1f километра"]),
        ])
        catalog["moved"] = .init(key: "moved", localizations: [
            "en": L(unit: .init(state: .translated, value: "%2$@ moved %1$#@files@"), substitutions: [
                "files": .init(argNum: 1, formatSpecifier: "lld", variations: .init(kind: .plural, cases: [
                    "one": unit("%arg file"), "other": unit("%arg files"),
                ])),
            ]),
            "de": L(unit: .init(state: .translated, value: "%2$@ hat %#@files@ verschoben"), substitutions: [
                "files": .init(argNum: 1, formatSpecifier: "lld", variations: .init(kind: .plural, cases: [
                    "one": unit("eine Datei"), "other": unit("%arg Dateien"),
                ])),
            ]),
        ])
        catalog["tap"] = .init(key: "tap", localizations: [
            "en": L(variations: .init(kind: .device, cases: [
                "iphone": unit("Tap to continue"), "mac": unit("Click to continue"), "other": unit("Select to continue"),
            ])),
        ])
        catalog["title"] = .init(key: "title", localizations: [
            "en": L(variations: .init(kind: .width, cases: ["20": unit("Settings"), "40": unit("Application Settings")])),
        ])
        catalog["only.english"] = .init(key: "only.english", localizations: ["en": unit("Only in English")])
        catalog["untranslated"] = .init(key: "untranslated", localizations: ["fr": unit("")])
        return catalog
    }
}

@Suite struct StringFormatTests {
    let catalog = FormatFixtures.catalog

    @Test func russianPluralForms() throws {
        let forms = try [1, 3, 5, 21, 22, 25, 11].map { try catalog.format("files", [.integer(Int64($0))], language: "ru") }
        #expect(forms == ["1 файл", "3 файла", "5 файлов", "21 файл", "22 файла", "25 файлов", "11 файлов"])
        #expect(try catalog.format("km", [1.5], language: "ru") == "1,5 километра")   // fractions: other
        #expect(try catalog.format("km", [2], language: "ru") == "2,0 километра")
    }

    @Test func arabicSixFormsAndApplesZeroRule() throws {
        let forms = try [0, 1, 2, 3, 11, 100].map { try catalog.format("files", [.integer(Int64($0))], language: "ar") }
        // Arabic's default digits are ICU's (Arabic-Indic in ICU 72's CLDR, Latin from CLDR 44).
        let digits = try [3, 11, 100].map { try ICUNumberFormatter(skeleton: "", locale: "ar").format(Double($0)) }
        #expect(forms == ["لا ملفات", "ملف واحد", "ملفان", "\(digits[0]) ملفات", "\(digits[1]) ملفًا", "\(digits[2]) ملف"])
        // English has no `zero` category; Apple's rule picks a `zero` case for 0 all the same.
        var withZero = catalog
        withZero["files"]?.localizations["en"] = FormatFixtures.plural(["zero": "No files", "one": "%lld file", "other": "%lld files"])
        #expect(try withZero.format("files", [0], language: "en") == "No files")
        #expect(try withZero.format("files", [1], language: "en") == "1 file")
    }

    @Test func japaneseOtherOnlyAndMissingCategoryFallsBackToOther() throws {
        #expect(try catalog.format("files", [1], language: "ja") == "1 個のファイル")
        #expect(try catalog.format("files", [1_234_567], language: "en") == "1,234,567 files")
        #expect(try catalog.format("files", [1], language: "fr") == "1 fichier")
        #expect(try catalog.format("km", [1.5], language: "fr") == "1,5 kilomètre")   // fr: 1.5 is `one`
        #expect(try catalog.format("km", [2.5], language: "fr") == "2,5 kilomètres")
    }

    @Test func positionalArgumentsAndSubstitutions() throws {
        #expect(try catalog.format("moved", [3, "Anna"], language: "en") == "Anna moved 3 files")
        #expect(try catalog.format("moved", [1, "Anna"], language: "en") == "Anna moved 1 file")
        #expect(try catalog.format("moved", [1, "Anna"], language: "de") == "Anna hat eine Datei verschoben")
        #expect(try catalog.format("moved", [2000, "Anna"], language: "de") == "Anna hat 2.000 Dateien verschoben")
    }

    @Test func deviceAndWidthVariations() throws {
        #expect(try catalog.format("tap", [], language: "en") == "Select to continue")
        #expect(try catalog.format("tap", [], language: "en", device: "mac") == "Click to continue")
        #expect(try catalog.format("tap", [], language: "en", device: "applewatch") == "Select to continue")
        #expect(try catalog.format("title", [], language: "en") == "Application Settings")
        #expect(try catalog.format("title", [], language: "en", width: 25) == "Settings")
        #expect(try catalog.format("title", [], language: "en", width: 5) == "Settings")
    }

    @Test func isolation() throws {
        #expect(try catalog.format("greeting", ["Anna"], language: "ar", isolate: true) == "مرحبا، \u{2068}Anna\u{2069}!")
        #expect(try catalog.format("greeting", ["Anna"], language: "ar") == "مرحبا، Anna!")
    }

    @Test func keyFallback() throws {
        #expect(try catalog.format("greeting", ["Anna"], language: "fr-CA") == "Bonjour, Anna !")
        #expect(try catalog.format("greeting", ["Anna"], language: "zh-Hant-TW") == "你好，Anna！")
        #expect(try catalog.format("only.english", [], language: "fr") == "Only in English")
        #expect(try catalog.format("untranslated", [], language: "fr") == "untranslated")   // the key itself
        #expect(throws: StringsError.self) { try catalog.format("nope", [], language: "en") }
    }

    @Test func preferredLanguagesAndAcceptLanguage() {
        #expect(catalog.preferredLanguage(for: ["fr-CA", "en"]) == "fr")
        #expect(catalog.preferredLanguage(for: ["ja-JP"]) == "ja")
        #expect(catalog.preferredLanguage(for: ["sv", "de-AT"]) == "de")
        #expect(catalog.preferredLanguage(for: ["ko"]) == "en")
        #expect(catalog.preferredLanguage(for: []) == "en")
        #expect(catalog.preferredLanguage(for: ["zh-TW"]) == "zh-Hant")
        #expect(AcceptLanguage.parse("fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5") == ["fr-CH", "fr", "en"])
        #expect(AcceptLanguage.parse("de;q=0.5, ru") == ["ru", "de"])
        #expect(AcceptLanguage.parse("ru;q=0, ar") == ["ar"])
        #expect(catalog.preferredLanguage(for: AcceptLanguage.parse("ko, ru;q=0.8, *;q=0.1")) == "ru")
        #expect(catalog.preferredLanguage(for: AcceptLanguage.parse("*")) == "en")
        let strings = LocalizedStrings(catalog)
        #expect(strings.language(acceptLanguage: "ar-EG, en;q=0.5") == "ar")
    }

    @Test func argumentErrors() {
        #expect(throws: StringsError.self) { try catalog.format("files", ["three"], language: "en") }
        #expect(throws: StringsError.self) { try catalog.format("greeting", [], language: "en") }
        do {
            _ = try catalog.format("moved", ["x", "Anna"], language: "en")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .argumentType && error.key == "moved")
        }
    }

    @Test func argumentKinds() {
        #expect(catalog.argumentKinds(of: "moved", language: "en") == [.integer, .string])
        #expect(catalog.argumentKinds(of: "files", language: "ar") == [.integer])
        #expect(catalog.argumentKinds(of: "greeting", language: "fr") == [.string])
    }
}
