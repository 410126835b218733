import ICUKit
import Testing

/// `StringCatalog.check(file:)`: each kind of mistake seeded into a clean catalog is found,
/// with its kind and severity, and the clean catalog gives no finding.
@Suite("Strings check")
struct StringsCheckTests {
    typealias L = StringCatalog.Localization
    typealias V = StringCatalog.Variations

    static func unit(_ value: String, _ state: StringCatalog.TranslationState = .translated) -> L {
        L(unit: .init(state: state, value: value))
    }

    static func plural(_ cases: [String: String], state: StringCatalog.TranslationState = .translated) -> L {
        L(variations: V(kind: .plural, cases: cases.mapValues { unit($0, state) }))
    }

    /// A clean catalog in the shape Xcode writes: en source, de, ru, ja, ar; plurals, a
    /// substitution with `argNum`, positional arguments, a device variation.
    static func clean() -> StringCatalog {
        var catalog = StringCatalog(sourceLanguage: "en")
        catalog["Hello, %@!"] = .init(key: "Hello, %@!", localizations: [
            "de": unit("Hallo, %@!"), "ru": unit("Привет, %@!"), "ja": unit("こんにちは、%@！"), "ar": unit("مرحبًا، %@!"),
        ])
        catalog["files"] = .init(key: "files", localizations: [
            "en": plural(["one": "One file", "other": "%lld files"]),
            "de": plural(["one": "Eine Datei", "other": "%lld Dateien"]),
            "ru": plural(["one": "%lld файл", "few": "%lld файла", "many": "%lld файлов", "other": "%lld файла"]),
            "ja": plural(["other": "%lld 個のファイル"]),
            "ar": plural(["zero": "لا ملفات", "one": "ملف واحد", "two": "ملفان", "few": "%lld ملفات", "many": "%lld ملفًا", "other": "%lld ملف"]),
        ])
        catalog["%1$@ moved %2$lld items"] = .init(key: "%1$@ moved %2$lld items", localizations: [
            "de": unit("%1$@ hat %2$lld Objekte verschoben"), "ru": unit("%2$lld объектов перемещено: %1$@"),
            "ja": unit("%1$@ が %2$lld 個移動しました"), "ar": unit("نقل %1$@ ‏%2$lld عنصرًا"),
        ])
        func substituted(_ text: String, _ cases: [String: String]) -> L {
            L(unit: .init(state: .translated, value: text), substitutions: [
                "count": .init(argNum: 1, formatSpecifier: "lld", variations: V(kind: .plural, cases: cases.mapValues { unit($0) })),
            ])
        }
        catalog["lines"] = .init(key: "lines", localizations: [
            "en": substituted("%#@count@ selected", ["one": "1 line", "other": "%arg lines"]),
            "de": substituted("%#@count@ ausgewählt", ["one": "1 Zeile", "other": "%arg Zeilen"]),
            "ru": substituted("Выбрано: %#@count@", ["one": "%arg строка", "few": "%arg строки", "many": "%arg строк", "other": "%arg строки"]),
            "ja": substituted("%#@count@を選択", ["other": "%arg 行"]),
            "ar": substituted("%#@count@ محددة", ["zero": "لا أسطر", "one": "سطر واحد", "two": "سطران", "few": "%arg أسطر", "many": "%arg سطرًا", "other": "%arg سطر"]),
        ])
        catalog["tap"] = .init(key: "tap", localizations: Dictionary(uniqueKeysWithValues: [
            ("en", "Click", "Tap"), ("de", "Klicken", "Tippen"), ("ru", "Нажмите", "Коснитесь"), ("ja", "クリック", "タップ"), ("ar", "انقر", "اضغط"),
        ].map { ($0.0, L(variations: V(kind: .device, cases: ["mac": unit($0.1), "other": unit($0.2)]))) }))
        catalog["app.name"] = .init(key: "app.name", shouldTranslate: false, localizations: ["en": unit("ICUKit")])
        return catalog
    }

    func kinds(_ catalog: StringCatalog) -> [String] { catalog.check(file: "Localizable.xcstrings").map(\.kind) }

    func finds(_ kind: String, _ severity: StringsProblem.Severity, language: String, key: String,
               _ mutate: (inout StringCatalog) -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        var catalog = Self.clean()
        mutate(&catalog)
        let problems = catalog.check(file: "Localizable.xcstrings")
        #expect(problems.contains { $0.kind == kind && $0.severity == severity && $0.language == language && $0.key == key },
                "\(kind) not found; found \(problems.map(\.description))", sourceLocation: sourceLocation)
        #expect(problems.allSatisfy { $0.key == key }, "\(problems.map(\.description))", sourceLocation: sourceLocation)
    }

    @Test("a clean catalog has no finding")
    func cleanCatalog() {
        #expect(Self.clean().check(file: "Localizable.xcstrings").map(\.description) == [])
    }

    @Test("plural categories: missing, unused, no other, unknown key, implied quantity")
    func plurals() {
        finds("missing-plural-category", .error, language: "ru", key: "files") { $0["files"]!.localizations["ru"]!.variations!.cases["few"] = nil }
        finds("missing-plural-category", .error, language: "ar", key: "lines") {
            $0["lines"]!.localizations["ar"]!.substitutions["count"]!.variations!.cases["two"] = nil
        }
        finds("unused-plural-category", .warning, language: "ja", key: "files") { $0["files"]!.localizations["ja"] = Self.plural(["one": "1 個", "other": "%lld 個"]) }
        finds("missing-other", .error, language: "de", key: "files") { $0["files"]!.localizations["de"]!.variations!.cases["other"] = nil }
        finds("unknown-plural-key", .error, language: "de", key: "files") { $0["files"]!.localizations["de"]!.variations!.cases["One"] = Self.unit("x") }
        finds("implied-quantity", .warning, language: "ru", key: "files") {
            $0["files"]!.localizations["ru"]!.variations!.cases["many"] = Self.unit("много файлов")
        }
        finds("implied-quantity", .warning, language: "ru", key: "lines") {
            $0["lines"]!.localizations["ru"]!.substitutions["count"]!.variations!.cases["one"] = Self.unit("одна строка")
        }
        finds("unknown-device-key", .warning, language: "de", key: "tap") { $0["tap"]!.localizations["de"]!.variations!.cases["iPhone"] = Self.unit("Tippen") }
    }

    @Test("zero and one may leave the number out where they cover one number; French one may not")
    func singleNumbers() {
        var catalog = Self.clean()
        catalog["files"]!.localizations["de"]!.variations!.cases["zero"] = Self.unit("Keine Dateien")
        #expect(kinds(catalog) == [])
        catalog["files"]!.localizations["fr"] = Self.plural(["one": "Un fichier", "many": "%lld de fichiers", "other": "%lld fichiers"])
        #expect(catalog.check(file: "x").filter { $0.language == "fr" && $0.key == "files" }.map(\.kind) == ["implied-quantity"])
    }

    @Test("arguments: count, type, position, mixed, skipped")
    func arguments() {
        finds("placeholder-count", .error, language: "de", key: "Hello, %@!") { $0["Hello, %@!"]!.localizations["de"] = Self.unit("Hallo!") }
        finds("placeholder-type", .error, language: "ja", key: "Hello, %@!") { $0["Hello, %@!"]!.localizations["ja"] = Self.unit("こんにちは、%lld！") }
        finds("placeholder-type", .error, language: "de", key: "files") { $0["files"]!.localizations["de"]!.variations!.cases["other"] = Self.unit("%@ Dateien") }
        finds("placeholder-position", .error, language: "de", key: "%1$@ moved %2$lld items") {
            $0["%1$@ moved %2$lld items"]!.localizations["de"] = Self.unit("%lld Objekte hat %@ verschoben")
        }
        finds("placeholder-position", .error, language: "ru", key: "%1$@ moved %2$lld items") {
            $0["%1$@ moved %2$lld items"]!.localizations["ru"] = Self.unit("%1$@: %3$lld")
        }
        finds("mixed-positional", .error, language: "ja", key: "%1$@ moved %2$lld items") {
            $0["%1$@ moved %2$lld items"]!.localizations["ja"] = Self.unit("%1$@ が %lld 個移動しました")
        }
        finds("skipped-position", .error, language: "ar", key: "%1$@ moved %2$lld items") {
            $0["%1$@ moved %2$lld items"]!.localizations["ar"] = Self.unit("نقل %1$@ ‏%3$lld عنصرًا")
        }
    }

    @Test("substitutions: undefined, unused, argNum out of range")
    func substitutions() {
        finds("undefined-substitution", .error, language: "de", key: "lines") { $0["lines"]!.localizations["de"]!.unit!.value = "%#@cuont@ ausgewählt" }
        finds("unused-substitution", .warning, language: "ja", key: "lines") {
            $0["lines"]!.localizations["ja"]!.substitutions["extra"] = .init(argNum: 1, formatSpecifier: "lld", unit: .init(state: .translated, value: "%arg"))
        }
        finds("argnum-out-of-range", .error, language: "ru", key: "lines") { $0["lines"]!.localizations["ru"]!.substitutions["count"]!.argNum = 2 }
    }

    @Test("states: untranslated, new, needs review, stale, empty, stale key, shouldTranslate")
    func states() {
        finds("untranslated", .warning, language: "ja", key: "tap") { $0["tap"]!.localizations["ja"] = nil }
        finds("state-new", .warning, language: "de", key: "Hello, %@!") { $0["Hello, %@!"]!.localizations["de"] = Self.unit("Hello, %@!", .new) }
        finds("state-needs-review", .warning, language: "ru", key: "files") {
            $0["files"]!.localizations["ru"]!.variations!.cases["few"] = Self.unit("%lld файла", .needsReview)
        }
        finds("state-stale", .warning, language: "ar", key: "Hello, %@!") { $0["Hello, %@!"]!.localizations["ar"] = Self.unit("مرحبًا، %@!", .stale) }
        finds("empty-translation", .error, language: "de", key: "tap") { $0["tap"]!.localizations["de"]!.variations!.cases["mac"] = Self.unit("") }
        finds("stale-key", .warning, language: "", key: "tap") { $0["tap"]!.extractionState = "stale" }
        finds("should-not-translate", .warning, language: "de", key: "app.name") { $0["app.name"]!.localizations["de"] = Self.unit("ICUKit") }
    }

    @Test("reading problems (duplicate keys) are reported as read")
    func readingProblems() {
        var catalog = Self.clean()
        catalog.readingProblems = [StringsProblem(file: "", key: "tap", language: "de", severity: .error, kind: "duplicate-key", message: "key defined twice")]
        #expect(catalog.check(file: "de.lproj").map(\.description) == ["de.lproj:tap:de: error: duplicate-key: key defined twice"])
    }

    @Test("errors sort before warnings within a key; text form")
    func ordering() {
        var catalog = Self.clean()
        catalog["files"]!.localizations["de"] = Self.plural(["one": "Datei", "other": "%@ Dateien"], state: .needsReview)
        let problems = catalog.check(file: "L.xcstrings")
        #expect(problems.map(\.kind) == ["placeholder-type", "state-needs-review", "implied-quantity"])
        #expect(problems[0].description == "L.xcstrings:files:de: error: placeholder-type: argument 1 is %@, the source's %lld")
    }
}
