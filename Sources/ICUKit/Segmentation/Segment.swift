/// One segment of a text: its range and the kind ICU's rules gave it.
///
/// ```swift
/// let text = "Hi 42"
/// for segment in try Segmenter(.word).segments(of: text) {
///     print(text[segment.range], segment.kind, segment.isWordLike)
/// }
/// // "Hi" letter true / " " none false / "42" number true
/// ```
public struct Segment: Sendable, Hashable {
    /// The segment's range in the segmented string (indices of the base string for a `Substring`).
    public let range: Range<String.Index>
    /// The kind of the segment (ICU's rule status of the boundary that ends it).
    public let kind: Kind

    /// A segment with the given range and kind (``Segmenter`` makes them; this is for
    /// tests and for code that builds its own).
    ///
    /// ```swift
    /// let text = "Hi there"
    /// let first = Segment(range: text.startIndex..<text.firstIndex(of: " ")!, kind: .letter)
    /// ```
    public init(range: Range<String.Index>, kind: Kind) {
        self.range = range
        self.kind = kind
    }

    /// Whether this word segment contains a word (number, letter, kana or ideographs)
    /// rather than spaces or punctuation.
    public var isWordLike: Bool { kind.isWordLike }

    /// The kind of a segment. Word segments are `none`, `number`, `letter`, `kana` or
    /// `ideographic`; line segments end in a `soft` break opportunity or a `hard`
    /// (mandatory) break; sentence segments end in a `terminator` (`.`, `?`, `!`) or a
    /// `separator` (a paragraph separator or a line end without terminator); grapheme
    /// segments are `cluster`.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A grapheme cluster (graphemes have no rule status).
        case cluster
        /// Word: spaces, punctuation, symbols (ICU `UBRK_WORD_NONE`).
        case none
        /// Word: a number (ICU `UBRK_WORD_NUMBER`).
        case number
        /// Word: letters (ICU `UBRK_WORD_LETTER`).
        case letter
        /// Word: kana (ICU `UBRK_WORD_KANA`).
        case kana
        /// Word: ideographs (ICU `UBRK_WORD_IDEO`).
        case ideographic
        /// Line: ends at a break opportunity (ICU `UBRK_LINE_SOFT`).
        case soft
        /// Line: ends at a mandatory break (ICU `UBRK_LINE_HARD`).
        case hard
        /// Sentence: ends with a terminator (ICU `UBRK_SENTENCE_TERM`).
        case terminator
        /// Sentence: ends with a separator or the end of a line (ICU `UBRK_SENTENCE_SEP`).
        case separator

        /// `true` for `number`, `letter`, `kana` and `ideographic`.
        public var isWordLike: Bool {
            switch self {
            case .number, .letter, .kana, .ideographic: true
            default: false
            }
        }

        /// The kind for an ICU rule status of a boundary reached by iterating `unit`.
        @inline(__always)
        static func from(ruleStatus status: Int32, unit: Segmenter.Unit) -> Kind {
            switch unit {
            case .grapheme: return .cluster
            case .word:
                switch status {
                case ..<100: return .none
                case ..<200: return .number
                case ..<300: return .letter
                case ..<400: return .kana
                default: return .ideographic
                }
            case .line: return status < 100 ? .soft : .hard
            case .sentence: return status < 100 ? .terminator : .separator
            }
        }
    }
}
