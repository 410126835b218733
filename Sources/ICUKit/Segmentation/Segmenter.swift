internal import CICU

/// Finds grapheme cluster, word, sentence and line-break boundaries with ICU's rules
/// (UAX #29 and UAX #14, CLDR tailorings, dictionaries for Thai, Lao, Khmer, Burmese,
/// Chinese and Japanese).
///
/// A `Segmenter` opens ICU once; every call works on a pooled clone, so one value can be
/// shared freely between threads and tasks. Results are ranges of the string you pass
/// (a `String` or a `Substring`); ``forEachBoundary(in:_:)`` reports UTF-8 offsets.
///
/// ```swift
/// let words = try Segmenter(.word, locale: "th")
/// let text = "สวัสดีครับ ทุกคน"
/// for segment in words.segments(of: text) where segment.isWordLike {
///     print(text[segment.range])          // สวัสดี, ครับ, ทุก, คน
/// }
/// let sentences = try Segmenter(.sentence, locale: "en@ss=standard")
/// sentences.segments(of: "Mr. Smith arrived. He sat.").count  // 2
/// ```
public struct Segmenter: Sendable {
    /// What to find the boundaries of.
    public enum Unit: String, Sendable, Hashable, CaseIterable {
        /// Extended grapheme clusters: what a reader sees as one character.
        case grapheme
        /// Words, with the spaces and punctuation between them as segments of kind `none`.
        case word
        /// Sentences.
        case sentence
        /// Line-break opportunities: each segment ends where a line may (soft) or must
        /// (hard) break.
        case line

        var icuType: Int32 {
            switch self {
            case .grapheme: UBRK_CHARACTER
            case .word: UBRK_WORD
            case .sentence: UBRK_SENTENCE
            case .line: UBRK_LINE
            }
        }
    }

    /// The unit this segmenter finds.
    public let unit: Unit
    /// The locale it was asked for.
    public let locale: LocaleID
    let pool: BreakIteratorEngine

    /// Opens ICU's break iterator for `unit` in `locale`.
    ///
    /// ```swift
    /// let lines = try Segmenter(.line, locale: "ja")
    /// let strict = try Segmenter(.word, locale: "xx", strict: true)  // throws LocaleError.unknownLocale
    /// ```
    /// - Parameters:
    ///   - unit: Graphemes, words, sentences or line breaks.
    ///   - locale: The locale whose rules and dictionaries apply (root by default). ICU
    ///     keywords work: `en@ss=standard` keeps "Mr." from ending a sentence,
    ///     `ja@lw=phrase` keeps Japanese phrases together, `@lb=strict|normal|loose`.
    ///   - strict: When `true`, a locale ICU does not know throws instead of silently
    ///     using root rules; either way ``actualLocale`` tells which data ICU loaded.
    /// - Throws: ``SegmentationError/unknownLocale(_:)`` in strict mode, ``SegmentationError/icu(_:)`` if
    ///   ICU cannot open the iterator. The corresponding C function is `ubrk_open`.
    public init(_ unit: Unit, locale: LocaleID = .root, strict: Bool = false) throws(SegmentationError) {
        if strict { try locale.requireKnown(as: SegmentationError.self) }
        self.unit = unit
        self.locale = locale
        // ICU applies `ss` suppressions as a filter without rule statuses; an unfiltered
        // twin supplies them (see BreakIterator.statusIterator).
        let statusLocale = unit == .sentence && locale.keywordValue("ss") != nil ? locale.withoutKeyword("ss") : nil
        self.pool = try SegmentationError.wrapping { () throws(ICUError) in
            try BreakIteratorEngine(type: unit.icuType, locale: locale.identifier, statusLocale: statusLocale)
        }
    }


    /// The locale whose rules ICU loaded (root when no locale tailors them).
    /// The corresponding C function is `ubrk_getLocaleByType(ULOC_ACTUAL_LOCALE)`.
    public var actualLocale: LocaleID { LocaleID(icuReported: pool.actualLocale) }

    /// The most specific locale for which ICU has any data (root when it knows nothing of
    /// the requested one). The corresponding C function is
    /// `ubrk_getLocaleByType(ULOC_VALID_LOCALE)`.
    public var validLocale: LocaleID { LocaleID(icuReported: pool.validLocale) }

    // MARK: Enumeration

    /// The segments of `text`, in order, covering it without gaps.
    ///
    /// ```swift
    /// let graphemes = try Segmenter(.grapheme).segments(of: "e\u{301}👩‍👩‍👧🇯🇵")
    /// graphemes.count  // 3
    /// ```
    /// - Parameter text: A `String` or `Substring`; ranges are indices of its base string.
    /// - Returns: One ``Segment`` per segment; empty for empty text.
    public func segments<S: StringProtocol>(of text: S) -> [Segment] {
        var result: [Segment] = []
        var lower = text.startIndex
        let utf8 = text.utf8
        let start = text.startIndex
        forEachBoundary(in: text) { offset, kind in
            let upper = utf8.index(start, offsetBy: offset)
            result.append(Segment(range: lower..<upper, kind: kind))
            lower = upper
        }
        return result
    }

    /// The boundaries of `text`: `startIndex`, every boundary inside, and `endIndex`.
    ///
    /// ```swift
    /// let text = "Hello world"
    /// try Segmenter(.word).boundaries(of: text).map { text.utf8.distance(from: text.startIndex, to: $0) }
    /// // [0, 5, 6, 11]
    /// ```
    public func boundaries<S: StringProtocol>(of text: S) -> [String.Index] {
        var result = [text.startIndex]
        let utf8 = text.utf8
        let start = text.startIndex
        forEachBoundary(in: text) { offset, _ in result.append(utf8.index(start, offsetBy: offset)) }
        return result
    }

    /// The boundaries of `text` as UTF-8 offsets from its start, `0` and the end included.
    ///
    /// ```swift
    /// try Segmenter(.word).boundaryOffsets(of: "Hello world")  // [0, 5, 6, 11]
    /// ```
    public func boundaryOffsets<S: StringProtocol>(of text: S) -> [Int] {
        var result = [0]
        forEachBoundary(in: text) { offset, _ in result.append(offset) }
        return result
    }

    /// The number of segments in `text`.
    ///
    /// ```swift
    /// try Segmenter(.grapheme).count(of: "🇫🇷🇩🇪")  // 2
    /// ```
    public func count<S: StringProtocol>(of text: S) -> Int {
        var count = 0
        forEachBoundary(in: text) { _, _ in count += 1 }
        return count
    }

    /// Calls `body` once per segment, in order, with the UTF-8 offset (from the start of
    /// `text`) where the segment ends and the segment's kind. The fastest way to walk a
    /// large text: nothing is allocated per segment.
    ///
    /// ```swift
    /// var words = 0
    /// try Segmenter(.word).forEachBoundary(in: text) { _, kind in if kind.isWordLike { words += 1 } }
    /// ```
    @inlinable
    public func forEachBoundary<S: StringProtocol>(in text: S, _ body: (_ utf8Offset: Int, _ kind: Segment.Kind) -> Void) {
        withUTF8Bytes(text) { forEachBoundary(inUTF8: $0, body) }
    }

    /// ``forEachBoundary(in:_:)`` on valid UTF-8 bytes (the non-generic part).
    @usableFromInline
    func forEachBoundary(inUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, Segment.Kind) -> Void) {
        enumerate(bytes, body)
    }

    // MARK: Boundary queries

    /// Whether `index` is a boundary of `text` (`startIndex` and `endIndex` always are).
    ///
    /// ```swift
    /// let text = "ab cd"
    /// try Segmenter(.word).isBoundary(text.index(text.startIndex, offsetBy: 2), in: text)  // true
    /// ```
    /// The corresponding C function is `ubrk_isBoundary`.
    public func isBoundary<S: StringProtocol>(_ index: String.Index, in text: S) -> Bool {
        let offset = utf8Offset(of: index, in: text)
        return withUTF8Bytes(text) { query($0, at: offset, .isBoundary) == offset }
    }

    /// The first boundary after `index`, or `nil` when `index` is `endIndex`.
    ///
    /// ```swift
    /// let text = "ab cd"
    /// try Segmenter(.word).boundary(after: text.startIndex, in: text)  // index of " "
    /// ```
    /// The corresponding C function is `ubrk_following`.
    public func boundary<S: StringProtocol>(after index: String.Index, in text: S) -> String.Index? {
        let offset = utf8Offset(of: index, in: text)
        let found = withUTF8Bytes(text) { query($0, at: offset, .following) }
        return found.map { text.utf8.index(text.startIndex, offsetBy: $0) }
    }

    /// The last boundary before `index`, or `nil` when `index` is `startIndex`.
    ///
    /// ```swift
    /// let text = "ab cd"
    /// try Segmenter(.word).boundary(before: text.endIndex, in: text)  // index of "c"
    /// ```
    /// The corresponding C function is `ubrk_preceding`.
    public func boundary<S: StringProtocol>(before index: String.Index, in text: S) -> String.Index? {
        let offset = utf8Offset(of: index, in: text)
        let found = withUTF8Bytes(text) { query($0, at: offset, .preceding) }
        return found.map { text.utf8.index(text.startIndex, offsetBy: $0) }
    }

    private func utf8Offset<S: StringProtocol>(of index: String.Index, in text: S) -> Int {
        precondition(index >= text.startIndex && index <= text.endIndex, "index out of bounds of the text")
        return text.utf8.distance(from: text.startIndex, to: index)
    }
}
