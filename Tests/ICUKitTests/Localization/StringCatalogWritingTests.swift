import Foundation
import Testing
import ICUKit

/// Every translated text of a catalog, by key, language and path of cases; what
/// a round trip must keep.
func texts(_ catalog: StringCatalog) -> [String: String] {
    var result: [String: String] = [:]
    func walk(_ localization: StringCatalog.Localization, _ path: String) {
        if let unit = localization.unit { result[path] = unit.value }
        for (name, substitution) in localization.substitutions {
            if let unit = substitution.unit { result[path + "/" + name] = unit.value }
            for (key, value) in substitution.variations?.cases ?? [:] { walk(value, path + "/" + name + "/" + key) }
        }
        for (key, value) in localization.variations?.cases ?? [:] { walk(value, path + "/" + key) }
    }
    for entry in catalog.entries {
        for (language, localization) in entry.localizations { walk(localization, entry.key + "|" + language) }
    }
    return result
}

@Suite("StringCatalog writing and conversion")
struct StringCatalogWritingTests {
    static var catalog: StringCatalog {
        get throws { try StringCatalog(bytes: Array(StringCatalogReadingTests.catalogJSON.utf8), format: .xcstrings) }
    }

    @Test(".xcstrings writing in Xcode's layout reads back to the same catalog, and writes the same bytes again")
    func xcstringsRoundTrip() throws {
        let catalog = try Self.catalog
        let bytes = try catalog.xcstrings()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"%1$@ in %2$lld\" : {\n"))
        #expect(text.hasSuffix("\n  },\n  \"version\" : \"1.0\"\n}\n"))
        #expect(text.contains("    \"Empty\" : {\n\n    }"))
        #expect(text.contains("\"value\" : \"Copy \\\"%@\\\" é😀\""))
        #expect(text.contains("\"shouldTranslate\" : false"))
        let again = try StringCatalog(bytes: bytes, format: .xcstrings)
        #expect(Set(again.keys) == Set(catalog.keys))
        for key in catalog.keys { #expect(again[key] == catalog[key]) }
        #expect(try again.xcstrings() == bytes)
    }

    @Test("catalog → .strings + .stringsdict per language → catalog gives the same strings")
    func stringsRoundTrip() throws {
        let catalog = try Self.catalog
        try withFiles([:]) { folder in
            try catalog.write(to: folder, as: .strings)
            let back = try StringCatalog(contentsOf: folder)
            #expect(texts(back) == texts(catalog))
            let (strings, dict) = try catalog.stringsFiles(language: "en")
            #expect(String(decoding: strings, as: UTF8.self) == "")
            let plist = String(decoding: try #require(dict), as: UTF8.self)
            #expect(plist.contains("<string>%#@files@ in %2$lld</string>"))
            #expect(plist.contains("<string>%lld files</string>"))
            #expect(plist.contains("<key>NSStringDeviceSpecificRuleType</key>"))
        }
        let plain = try StringCatalog(bytes: Array(StringCatalogReadingTests.stringsText.utf8), format: .strings, language: "fr")
        let (bytes, none) = try plain.stringsFiles(language: "fr")
        #expect(none == nil)
        let reread = try StringCatalog(bytes: bytes, format: .strings, language: "fr")
        #expect(texts(reread) == texts(plain))
        #expect(reread["title"]?.comment == plain["title"]?.comment)
        let dict = try StringCatalog(bytes: Array(StringCatalogReadingTests.stringsdictText.utf8), format: .stringsdict, language: "de")
        let written = try #require(try dict.stringsFiles(language: "de").stringsdict)
        #expect(texts(try StringCatalog(bytes: written, format: .stringsdict, language: "de")) == texts(dict))
    }

    @Test(".po: catalog → po folder → catalog keeps texts; gettext plurals map to CLDR categories and back")
    func poRoundTrip() throws {
        let po = try StringCatalog(bytes: Array(GettextReadingTests.poText.utf8), format: .po)
        let written = String(decoding: try po.poFile(language: "ru"), as: UTF8.self)
        #expect(written.contains("\"Plural-Forms: \(GettextReadingTests.ruRule)\\n\"\n"))
        #expect(written.contains("msgctxt \"menu\"\nmsgid \"Open\"\nmsgstr \"Открыть\"\n"))
        #expect(written.contains("#, fuzzy\nmsgid \"Delete\"\nmsgstr \"Удалить?\"\n"))
        #expect(written.contains("msgid \"%d minute\"\nmsgid_plural \"%d minutes\"\nmsgstr[0] \"%d минута\"\nmsgstr[1] \"%d минуты\"\nmsgstr[2] \"%d минут\"\n"))
        let reread = try StringCatalog(bytes: Array(written.utf8), format: .po)
        #expect(texts(reread) == texts(po))
        #expect(reread["Delete"]?.localizations["ru"]?.unit?.state == .needsReview)
        let cldr = try po.converted(to: .xcstrings)
        #expect(cldr["%d minute"]?.localizations["ru"]?.variations?.cases.mapValues { $0.unit!.value } ==
                ["one": "%d минута", "few": "%d минуты", "many": "%d минут", "other": "%d минут"])
        #expect(cldr["%d minute"]?.localizations["en"]?.variations?.cases.mapValues { $0.unit!.value } == ["one": "%d minute", "other": "%d minutes"])
        let back = try cldr.converted(to: .gettext)
        #expect(back["%d minute"]?.localizations["ru"] == po["%d minute"]?.localizations["ru"])
        let catalog = try Self.catalog
        try withFiles([:]) { folder in
            try catalog.write(to: folder, as: .gettext)
            let reread = try StringCatalog(contentsOf: folder).converted(to: .xcstrings)
            #expect(reread["%lld files"]?.localizations["ru"]?.variations?.cases["few"]?.unit?.value == "%lld файла")
            #expect(reread["%lld files"]?.localizations["en"]?.variations?.cases["one"]?.unit?.value == "%lld file")
        }
    }

    @Test(".po: what gettext cannot hold (other device cases, substitutions' variations) is named, nothing else")
    func gettextLosses() throws {
        let catalog = try Self.catalog
        let losses = catalog.gettextLosses(language: "en")
        #expect(losses.map(\.key) == ["Copy %@", "%1$@ in %2$lld"])
        #expect(losses.allSatisfy { $0.kind == "not-in-gettext" && $0.severity == .warning && $0.file == "en.po" && $0.language == "en" })
        #expect(losses[0].message.contains("device case \"mac\""))
        #expect(losses[1].message.contains("%#@files@"))
        // The key stays (a text not to translate has an empty msgstr), the substitution's text as is.
        let written = String(decoding: try catalog.poFile(language: "en"), as: UTF8.self)
        #expect(written.contains("msgid \"Copy %@\"\nmsgstr \"\"\n"))
        #expect(written.contains("msgid \"%1$@ in %2$lld\"\nmsgstr \"%#@files@ in %2$lld\"\n"))
        #expect(catalog.gettextLosses(language: "ru").isEmpty)
        let po = try StringCatalog(bytes: Array(GettextReadingTests.poText.utf8), format: .po)
        #expect(po.languages.allSatisfy { po.gettextLosses(language: $0).isEmpty })
    }

    @Test("standard Plural-Forms split 0…1000 exactly as ICU's categories")
    func standardForms() throws {
        for language in ["ja", "en", "de", "fr", "pt", "hi", "is", "ru", "uk", "hr", "pl", "cs", "lt", "lv", "ro", "he", "sl", "gd", "ga", "ar", "cy"] {
            let forms = try #require(GettextPluralRule.standardForms(for: language))
            let rule = try GettextPluralRule(forms)
            let rules = try PluralRules(locale: LocaleID(language))
            var categoryOfForm: [Int: PluralCategory] = [:]
            var formOfCategory: [PluralCategory: Int] = [:]
            for n in 0...1000 {
                let category = try rules.category(for: Double(n))
                let form = rule.index(for: UInt64(n))
                #expect(categoryOfForm[form, default: category] == category, "\(language) \(n)")
                #expect(formOfCategory[category, default: form] == form, "\(language) \(n)")
                categoryOfForm[form] = category
                formOfCategory[category] = form
            }
            #expect(categoryOfForm.count == rule.count, "\(language)")
        }
        #expect(GettextPluralRule.standardForms(for: "fil") == nil)
        #expect(GettextPluralRule.standardForms(for: "yo") == "nplurals=1; plural=0;")
        #expect(GettextPluralRule.standardForms(for: "fy") == "nplurals=2; plural=(n != 1);")
        #expect(GettextPluralRule.standardForms(for: "ff") == "nplurals=2; plural=(n > 1);")
    }
}

@Suite("Writing real catalogs", .enabled(if: realSetsExist))
struct RealCatalogWritingTests {
    @Test("real .xcstrings files written in Xcode's layout are byte-identical to Xcode's (but for known differences)")
    func xcodeIdentity() throws {
        for name in ["backyard-birds/Localizable.xcstrings", "cot-commandbar/CommandBar.xcstrings", "cot-settingsporting/SettingsPorting.xcstrings", "cot-document/Document.xcstrings"] {
            let path = realSetsFolder + "/" + name
            let original = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            var written = try StringCatalog(contentsOf: path).xcstrings()
            // Xcode 15 ends the file with a newline, later versions do not.
            if original.last != 0x0A { written.removeLast() }
            if name.hasPrefix("cot-document") {
                // Six keys of this file are out of Xcode's order (edited by hand upstream).
                #expect(written.count == original.count)
            } else {
                #expect(written == original, "\(name)")
            }
        }
    }

    @Test("every real set converts to .lproj folders of .strings and .stringsdict and back with the same texts")
    func realRoundTrips() throws {
        for path in try StringCatalogRealDataTests.sets() {
            let catalog = try StringCatalog(contentsOf: path)
            try withFiles([:]) { folder in
                try catalog.write(to: folder + "/strings", as: .strings)
                let strings = try StringCatalog(contentsOf: folder + "/strings")
                let expected = catalog.origin == .gettext ? try catalog.converted(to: .strings) : catalog
                let (got, want) = (texts(strings), texts(expected))
                #expect(got == want, "\(path)")
            }
        }
    }
}
