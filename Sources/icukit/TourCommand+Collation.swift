import ICUKit

extension TourCommand {
    /// Sorting in five locales and in Chinese pinyin/stroke order, Finder-style order,
    /// and search ignoring case and accents.
    func collationTour() throws {
        CLI.print("\n== Collation and search: icukit sort | compare | search ==\n")
        let names = ["Zagreb", "Ærø", "Aarhus", "zebra", "Ångström", "Äpfel", "Affe", "chico", "cuna"]
        for locale in ["en", "da", "sv", "de-u-co-phonebk", "es-u-co-trad"] {
            CLI.print("  \(locale.padding(16)) \(try Collator(locale: LocaleID(locale)).sorted(names).joined(separator: " "))")
        }
        let cities = ["上海", "北京", "广州", "天津"]
        CLI.print("  zh (pinyin)      \(try Collator(locale: "zh").sorted(cities).joined(separator: " "))")
        CLI.print("  zh (stroke)      \(try Collator(locale: "zh-u-co-stroke").sorted(cities).joined(separator: " "))")
        let files = ["file10.txt", "File2.txt", "file1.txt", "éclair", "Eclair"]
        CLI.print("  Finder-style     \(try Collator.standard(locale: "en").sorted(files).joined(separator: " "))")
        let text = "Le Café de Flore, CAFE noir, Straße und STRASSE"
        for pattern in ["cafe", "strasse"] {
            let found = try StringSearcher(pattern, options: [.caseInsensitive, .diacriticInsensitive]).ranges(in: text).map { String(text[$0]) }
            CLI.print("  search \"\(pattern)\" ignoring case and accents: \(found)")
        }
    }
}
