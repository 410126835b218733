extension LanguageRecognizer {
    /// Sentences with fewer letters than this carry too little evidence to start a run of
    /// their own: they join a neighbouring run unless their own language is clear.
    static let shortSentenceLetters = 16

    /// The sentence segmenter runs are built on (root locale rules).
    private static let sentences: Segmenter? = try? Segmenter(.sentence)

    /// The stretches of `text` in one language: sentence by sentence (ICU sentence
    /// segmentation), adjacent sentences of the same language merged, so a paragraph that
    /// switches language splits where it switches. Runs cover the text without gaps.
    ///
    /// ```swift
    /// let text = "Das ist ein Test. This is a test. C'est un test."
    /// LanguageRecognizer().languageRuns(in: text).map { $0.language?.bcp47 ?? "und" }   // ["de", "en", "fr"]
    /// ```
    public func languageRuns(in text: String) -> [LanguageRun] {
        guard !text.isEmpty else { return [] }
        var copy = text
        let spans: [(Range<Int>, Int?, Double, Int)] = copy.withUTF8 { bytes in
            var boundaries = [0]
            if let segmenter = Self.sentences {
                segmenter.forEachBoundary(inUTF8: bytes) { offset, _ in boundaries.append(offset) }
            }
            if boundaries.last != bytes.count { boundaries.append(bytes.count) }
            var spans: [(Range<Int>, Int?, Double, Int)] = []
            for (lower, upper) in zip(boundaries, boundaries.dropFirst()) where lower < upper {
                let slice = UnsafeBufferPointer(rebasing: bytes[lower..<upper])
                let (best, letters) = Self.scorers.withObject { box in
                    box.scorer.reset()
                    box.scorer.add(utf8: slice)
                    return (rank(&box.scorer, maximum: 1).first, box.scorer.letters)
                }
                let index = best.flatMap { LanguageModel.shared.locales.firstIndex(of: $0.language) }
                spans.append((lower..<upper, index, best?.probability ?? 0, letters))
            }
            return spans
        }
        // Weak sentences (short and unsure, or undetermined) join the run before them (or the
        // first strong one after them, at the start of the text).
        var languages = spans.map { span -> Int? in
            let weak = span.1 == nil || (span.3 < Self.shortSentenceLetters && span.2 < 0.9)
            return weak ? nil : span.1
        }
        var previous: Int? = nil
        for position in languages.indices {
            if let language = languages[position] { previous = language } else { languages[position] = previous }
        }
        let firstStrong = languages.first { $0 != nil } ?? nil
        for position in languages.indices where languages[position] == nil {
            languages[position] = firstStrong ?? spans[position].1
        }
        var runs: [LanguageRun] = []
        var start = 0
        let utf8 = text.utf8
        for position in spans.indices {
            let end = spans[position].0.upperBound
            if position + 1 < spans.count && languages[position + 1] == languages[position] { continue }
            let range = utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)
            let language = languages[position].map { LanguageModel.shared.locales[$0] }
            runs.append(LanguageRun(range: range, utf8Offsets: start..<end, language: language))
            start = end
        }
        return runs
    }
}
