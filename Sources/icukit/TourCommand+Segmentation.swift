import ICUKit

extension TourCommand {
    /// Graphemes, words in scripts without spaces, sentences and line breaks.
    func segmentationTour() throws {
        CLI.print("== Segmentation: icukit segment --by grapheme|word|sentence|line ==\n")

        CLI.print("Graphemes: what a reader counts as one character.")
        let graphemes = try Segmenter(.grapheme)
        for sample in ["👩‍👩‍👧‍👦🇯🇵👍🏽", "नमस्ते दुनिया", "e\u{301}a\u{308}\r\n"] {
            let clusters = graphemes.segments(of: sample).map { Self.show(sample[$0.range]) }
            CLI.print("  \(Self.show(Substring(sample)))  \(sample.unicodeScalars.count) scalars, \(clusters.count) graphemes: \(clusters.joined(separator: " | "))")
        }

        CLI.print("\nWords, with ICU's dictionaries for scripts written without spaces:")
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
            CLI.print("  \(name): \(found.joined(separator: " "))")
        }

        CLI.print("\nSentences: `en@ss=standard` knows that \"Mr.\" does not end one.")
        let story = "Mr. Smith paid $3.50 at 9 a.m. today. Did he? Yes!"
        for locale in ["en", "en@ss=standard"] {
            let sentences = try Segmenter(.sentence, locale: LocaleID(locale)).segments(of: story)
            CLI.print("  \(locale): " + sentences.map { "[\(story[$0.range])]" }.joined(separator: " "))
        }

        CLI.print("\nLine breaks: where a line may wrap (soft) or must end (hard).")
        let wrap = "A well-known fact: 日本語は単語の間にスペースがない。\nNext line."
        let lines = try Segmenter(.line, locale: "ja").segments(of: wrap)
        CLI.print("  " + lines.map { "[\(Self.show(wrap[$0.range]))]\($0.kind == .hard ? "⏎" : "")" }.joined(separator: ""))
        CLI.print("\nTry: echo 'สวัสดีครับ' | icukit segment --by word --locale th --format json")
    }

    fileprivate static func show(_ text: Substring) -> String {
        CLI.visible(text)
    }
}
