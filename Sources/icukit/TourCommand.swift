import ArgumentParser
import ICUKit

/// `icukit tour`: a short guided run through what ICUKit can do, on built-in samples.
struct TourCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tour",
        abstract: "A guided tour of ICUKit's capabilities on built-in multilingual samples."
    )

    func run() throws {
        print("ICUKit on ICU \(ICUVersion.icu), Unicode \(ICUVersion.unicode)\n")
        try segmentationTour()
        try collationTour()
        try encodingTour()
        try bidiTour()
        try calendarTour()
        try datesTour()
        try numbersAndLocalesTour()
    }

    private func collationTour() throws {
        print("\n== Collation and search: icukit sort | compare | search ==\n")
        let names = ["Zagreb", "Ærø", "Aarhus", "zebra", "Ångström", "Äpfel", "Affe", "chico", "cuna"]
        for locale in ["en", "da", "sv", "de-u-co-phonebk", "es-u-co-trad"] {
            print("  \(locale.padding(16)) \(try Collator(locale: LocaleID(locale)).sorted(names).joined(separator: " "))")
        }
        let cities = ["上海", "北京", "广州", "天津"]
        print("  zh (pinyin)      \(try Collator(locale: "zh").sorted(cities).joined(separator: " "))")
        print("  zh (stroke)      \(try Collator(locale: "zh-u-co-stroke").sorted(cities).joined(separator: " "))")
        let files = ["file10.txt", "File2.txt", "file1.txt", "éclair", "Eclair"]
        print("  Finder-style     \(try Collator.standard(locale: "en").sorted(files).joined(separator: " "))")
        let text = "Le Café de Flore, CAFE noir, Straße und STRASSE"
        for pattern in ["cafe", "strasse"] {
            let found = try StringSearcher(pattern, options: [.caseInsensitive, .diacriticInsensitive]).ranges(in: text).map { String(text[$0]) }
            print("  search \"\(pattern)\" ignoring case and accents: \(found)")
        }
    }

    private func bidiTour() throws {
        print("\n== Bidirectional text: icukit bidi [--format text|json|visual], icukit bidi isolate ==\n")
        let mixed = "WWDC is a fun conference مؤتمر"
        for direction in [BidiParagraph.Direction.auto, .rightToLeft] {
            let paragraph = try BidiParagraph(mixed, direction: direction)
            let runs = paragraph.visualRuns.map { "\($0.direction.rawValue):\(mixed[$0.range])" }.joined(separator: " | ")
            print("  \(direction.rawValue): paragraph \(paragraph.direction.rawValue), visual runs \(runs)")
            print("        as a terminal without bidi should show it: \(paragraph.visualString())")
        }
        let name = "سارة"
        let broken = try Bidi.format("%@ has the highest score: %d!", [name, "12"], isolating: false)
        let isolated = try Bidi.format("%@ has the highest score: %d!", [name, "12"])
        print("\nA template that starts with an Arabic name:")
        print("  plain substitution makes the sentence \(Bidi.baseDirection(of: broken).rawValue): \(try BidiParagraph(broken).visualString())")
        print("  FSI…PDI isolation keeps it \(Bidi.baseDirection(of: isolated).rawValue):     \(try BidiParagraph(isolated).visualString())")
        print("  Hebrew paragraph: \(try BidiParagraph("שלום עולם (Hello) 123").visualString())")
    }

    private func segmentationTour() throws {
        print("== Segmentation: icukit segment --by grapheme|word|sentence|line ==\n")

        print("Graphemes: what a reader counts as one character.")
        let graphemes = try Segmenter(.grapheme)
        for sample in ["👩‍👩‍👧‍👦🇯🇵👍🏽", "नमस्ते दुनिया", "e\u{301}a\u{308}\r\n"] {
            let clusters = graphemes.segments(of: sample).map { Self.show(sample[$0.range]) }
            print("  \(Self.show(Substring(sample)))  \(sample.unicodeScalars.count) scalars, \(clusters.count) graphemes: \(clusters.joined(separator: " | "))")
        }

        print("\nWords, with ICU's dictionaries for scripts written without spaces:")
        let samples: [(String, String, String)] = [
            ("English", "en", "The café's 2 owners re-opened it in 2024."),
            ("Thai", "th", "ภาษาไทยเขียนติดกันโดยไม่เว้นวรรค"),
            ("Chinese", "zh", "我们今天去北京大学看书。"),
            ("Japanese", "ja", "東京で日本語のテキストを分割します。"),
            ("Arabic", "ar", "مرحبا بالعالم، هذا نص عربي."),
            ("Hebrew", "he", "שלום עולם, זה טקסט בעברית."),
        ]
        for (name, locale, text) in samples {
            let words = try Segmenter(.word, locale: LocaleID(locale))
            let found = words.segments(of: text).filter(\.isWordLike).map { "\(text[$0.range])(\($0.kind.rawValue))" }
            print("  \(name): \(found.joined(separator: " "))")
        }

        print("\nSentences: `en@ss=standard` knows that \"Mr.\" does not end one.")
        let story = "Mr. Smith paid $3.50 at 9 a.m. today. Did he? Yes!"
        for locale in ["en", "en@ss=standard"] {
            let sentences = try Segmenter(.sentence, locale: LocaleID(locale)).segments(of: story)
            print("  \(locale): " + sentences.map { "[\(story[$0.range])]" }.joined(separator: " "))
        }

        print("\nLine breaks: where a line may wrap (soft) or must end (hard).")
        let wrap = "A well-known fact: 日本語は単語の間にスペースがない。\nNext line."
        let lines = try Segmenter(.line, locale: "ja").segments(of: wrap)
        print("  " + lines.map { "[\(Self.show(wrap[$0.range]))]\($0.kind == .hard ? "⏎" : "")" }.joined(separator: ""))
        print("\nTry: echo 'สวัสดีครับ' | icukit segment --by word --locale th --format json")
    }

    private static func show(_ text: Substring) -> String {
        SegmentCommand.visible(text)
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

