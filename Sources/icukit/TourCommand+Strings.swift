import ICUKit

extension TourCommand {
    /// A small String Catalog served in English, Russian (four plural forms) and Arabic
    /// (right to left, six), then checked and pseudo-localized.
    func stringsTour() throws {
        CLI.print("\n== An app's strings: icukit strings format|check|pseudo|convert|languages ==\n")
        let catalog = try StringCatalog(bytes: Array(Self.tourCatalog.utf8), format: .xcstrings, file: "Tour.xcstrings")
        let strings = LocalizedStrings(catalog)
        for header in ["en-US,en;q=0.9", "ru-RU, ru;q=0.9, en;q=0.5", "ar-EG, fr;q=0.5"] {
            let language = strings.language(acceptLanguage: header)
            CLI.print("  Accept-Language: \(header)  →  \(language)")
            let counts: [Int64] = [0, 1, 2, 3, 5, 21, 1_250]
            let lines = try counts.map { count in try strings.format("%lld photos", [.integer(count)], language: language) }
            CLI.print("    " + lines.joined(separator: " · "))
            CLI.print("    " + (try strings.format("Shared by %@", ["Anna"], language: language, isolate: true)))
        }
        CLI.print("\n  (Arabic: 0 takes the zero case, 3 and 5 few, 21 and 1,250 many; digits and grouping from ICU's data.)")
        CLI.print("\nA check finds what translators left wrong in \"Delete %lld items?\" (icukit strings check):")
        for problem in catalog.check(file: "Tour.xcstrings") { CLI.print("  \(problem.description)") }
        CLI.print("\nPseudo-localization for layout testing (icukit strings pseudo --style accented,bounded,double):")
        let pseudo = LocalizedStrings(catalog.pseudoLocalized([.accented, .bounded, .double]))
        CLI.print("  en-XA: " + (try pseudo.format("%lld photos", [3], language: "en-XA")))
        let rtl = LocalizedStrings(catalog.pseudoLocalized(.rtl))
        CLI.print("  ar-XB: " + (try rtl.format("Shared by %@", ["Anna"], language: "ar-XB")).unicodeScalars.map {
            $0.properties.generalCategory == .format ? "·" : String($0)
        }.joined() + "   (· marks RLM, RLO and PDF)")
    }

    static let tourCatalog = """
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "%lld photos": {"localizations": {
            "en": {"variations": {"plural": {
              "zero": {"stringUnit": {"state": "translated", "value": "No photos"}},
              "one": {"stringUnit": {"state": "translated", "value": "%lld photo"}},
              "other": {"stringUnit": {"state": "translated", "value": "%lld photos"}}}}},
            "ru": {"variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "%lld фотография"}},
              "few": {"stringUnit": {"state": "translated", "value": "%lld фотографии"}},
              "many": {"stringUnit": {"state": "translated", "value": "%lld фотографий"}},
              "other": {"stringUnit": {"state": "translated", "value": "%lld фотографии"}}}}},
            "ar": {"variations": {"plural": {
              "zero": {"stringUnit": {"state": "translated", "value": "لا توجد صور"}},
              "one": {"stringUnit": {"state": "translated", "value": "صورة واحدة"}},
              "two": {"stringUnit": {"state": "translated", "value": "صورتان"}},
              "few": {"stringUnit": {"state": "translated", "value": "%lld صور"}},
              "many": {"stringUnit": {"state": "translated", "value": "%lld صورة"}},
              "other": {"stringUnit": {"state": "translated", "value": "%lld صورة"}}}}}}},
          "Shared by %@": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Shared by %@"}},
            "ru": {"stringUnit": {"state": "translated", "value": "Поделилась %@"}},
            "ar": {"stringUnit": {"state": "translated", "value": "شاركتها %@"}}}},
          "Delete %lld items?": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Delete %lld items?"}},
            "ru": {"stringUnit": {"state": "translated", "value": "Удалить %@?"}},
            "ar": {"stringUnit": {"state": "needs_review", "value": "حذف العناصر؟"}}}}}}
        """
}
