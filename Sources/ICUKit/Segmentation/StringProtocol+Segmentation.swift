
extension StringProtocol where SubSequence == Substring {
    /// The segments of this text by `unit`, with their kinds.
    ///
    /// ```swift
    /// let text = "Hi 42"
    /// text.segments(by: .word).map { text[$0.range] }  // ["Hi", " ", "42"]
    /// ```
    /// Uses a shared, cached ``Segmenter`` per unit and locale (ICU is opened once per
    /// process); a locale ICU cannot open falls back to root rules.
    public func segments(by unit: Segmenter.Unit, locale: LocaleID? = nil) -> [Segment] {
        SharedSegmenters.segmenter(unit, locale: locale ?? .root).segments(of: self)
    }

    /// The extended grapheme clusters of this text, as ICU finds them.
    ///
    /// ```swift
    /// "🇯🇵e\u{301}👩‍👩‍👧".graphemes().count  // 3
    /// ```
    public func graphemes() -> [Substring] {
        substrings(of: segments(by: .grapheme))
    }

    /// The words of this text (word-like segments only: letters, numbers, kana, ideographs;
    /// spaces and punctuation are left out).
    ///
    /// ```swift
    /// "日本語のテキストです".words(locale: LocaleID("ja"))  // ["日本語", "の", "テキスト", "です"]
    /// ```
    public func words(locale: LocaleID? = nil) -> [Substring] {
        substrings(of: segments(by: .word, locale: locale).filter(\.isWordLike))
    }

    /// The sentences of this text, each with its trailing spaces and line end.
    ///
    /// ```swift
    /// "Mr. Smith left. He sat.".sentences(locale: LocaleID("en@ss=standard")).count  // 2
    /// ```
    public func sentences(locale: LocaleID? = nil) -> [Substring] {
        substrings(of: segments(by: .sentence, locale: locale))
    }

    /// The pieces between line-break opportunities: a line may end after each.
    ///
    /// ```swift
    /// "A well-known fact.".lineBreakSegments()  // ["A ", "well-", "known ", "fact."]
    /// ```
    public func lineBreakSegments(locale: LocaleID? = nil) -> [Substring] {
        substrings(of: segments(by: .line, locale: locale))
    }

    private func substrings(of segments: [Segment]) -> [Substring] {
        segments.map { self[$0.range] }
    }
}

/// Process-wide segmenters for the `StringProtocol` conveniences, one per unit and locale.
enum SharedSegmenters {
    private struct Key: Hashable { let unit: Segmenter.Unit; let locale: LocaleID }
    private static let cache = ConfigurationCache<Key, Segmenter>(limit: 64)

    static func segmenter(_ unit: Segmenter.Unit, locale: LocaleID) -> Segmenter {
        cache.value(for: Key(unit: unit, locale: locale)) { () -> Segmenter in
            if let opened = try? Segmenter(unit, locale: locale) { return opened }
            if locale != .root { return segmenter(unit, locale: .root) }
            fatalError("ICU cannot open its root \(unit) break iterator: the ICU data is missing")
        }
    }
}
