internal import CICU

/// Finds a pattern in text the way a language compares strings (ICU's `usearch`):
/// ignoring case and accents on request ("cafe" finds "Café", "strasse" finds "Straße"),
/// with the locale's rules (Turkish "ı" and "i" differ).
///
/// A `StringSearcher` opens ICU once for its pattern and options and can be shared
/// between threads (each search uses a pooled `UStringSearch`). Ranges are of the string
/// searched, so they slice it directly.
///
/// ```swift
/// let searcher = try StringSearcher("cafe", options: [.caseInsensitive, .diacriticInsensitive])
/// let text = "Le Café de Flore, CAFE noir"
/// searcher.ranges(in: text).map { text[$0] }   // ["Café", "CAFE"]
/// searcher.firstRange(in: text)                // the range of "Café"
/// ```
public struct StringSearcher: Sendable {
    /// How to match.
    public struct Options: OptionSet, Sendable, Hashable {
        /// The option bits (``caseInsensitive`` is bit 0).
        public let rawValue: Int
        /// Options from their bits; prefer the named options.
        ///
        /// ```swift
        /// let options: StringSearcher.Options = [.caseInsensitive, .diacriticInsensitive]
        /// ```
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// "a" matches "A".
        public static let caseInsensitive = Options(rawValue: 1 << 0)
        /// "e" matches "é".
        public static let diacriticInsensitive = Options(rawValue: 1 << 1)
        /// Search from the end: the first match found is the last one.
        public static let backwards = Options(rawValue: 1 << 2)
        /// Match only at the start (or, with `backwards`, at the end) of the text.
        public static let anchored = Options(rawValue: 1 << 3)
    }

    /// The pattern searched for.
    public let pattern: String
    /// The matching options.
    public let options: Options
    /// The locale whose collation decides what matches.
    public let locale: LocaleID
    private let engine: SearchEngine

    /// Prepares a search for `pattern`.
    ///
    /// ```swift
    /// let turkish = try StringSearcher("ı", options: .caseInsensitive, locale: LocaleID("tr"))
    /// turkish.ranges(in: "IŞIK ışık").count   // 4: "I" is the capital of "ı" in Turkish
    /// ```
    /// - Parameters:
    ///   - pattern: The text to find; an empty pattern finds nothing.
    ///   - options: Case and diacritic insensitivity (by collation strength: both →
    ///     primary, case only → secondary, diacritics only → primary, keeping matches
    ///     whose case equals the pattern's), backwards, anchored. Strength follows the
    ///     locale's collation: in CLDR "ß" and "ss" differ at the secondary level, so
    ///     "strasse" finds "Straße" only when both case and diacritics are ignored.
    ///   - locale: The locale whose collation rules apply.
    ///   - strict: Throw for a locale ICU does not know.
    /// - Throws: ``CollationError/unknownLocale(_:)`` (strict), or ``CollationError/icu(_:)`` if ICU cannot open the collator.
    public init(_ pattern: String, options: Options = [], locale: LocaleID = .root, strict: Bool = false) throws(CollationError) {
        if strict { try locale.requireKnown(as: CollationError.self) }
        self.pattern = pattern
        self.options = options
        self.locale = locale
        // Normalization on: canonically equivalent text matches ("é" and "e\u{301}").
        var collation = Collator.Options(normalization: true)
        switch (options.contains(.caseInsensitive), options.contains(.diacriticInsensitive)) {
        case (true, true): collation.strength = .primary
        case (true, false): collation.strength = .secondary
        case (false, true): collation.strength = .primary
        case (false, false): collation.strength = .tertiary
        }
        // usearch compares collation elements up to the strength only, so a case level
        // cannot make a primary search case-sensitive: candidates are checked afterwards.
        // They may overlap (in "EeEEe", "EeE" fails the check where "EEe" passes), so the
        // candidate search finds overlapping matches and the survivors are made
        // non-overlapping again.
        let checksCase = options.contains(.diacriticInsensitive) && !options.contains(.caseInsensitive)
        let collator = try CollatorHandle(locale: locale.identifier, attributes: collation.attributes(), reorderCodes: nil)
        engine = try CollationError.wrapping { () throws(ICUError) in
            try SearchEngine(pattern: Array(pattern.utf16), collator: collator, overlapping: checksCase)
        }
        caseCollator = checksCase
            ? try CollatorHandle(
                locale: locale.identifier,
                attributes: Collator.Options(strength: .primary, caseLevel: true, normalization: true).attributes(),
                reorderCodes: nil)
            : nil
    }

    /// For diacritic-insensitive but case-sensitive searches: equal iff same letters and case.
    private let caseCollator: CollatorHandle?

    /// The first match (the last one with `.backwards`), or `nil`.
    ///
    /// ```swift
    /// let text = "Straße und STRASSE"
    /// try StringSearcher("strasse", options: .caseInsensitive).firstRange(in: text).map { text[$0] }  // "Straße"
    /// ```
    /// The corresponding C functions are `usearch_first` and `usearch_last`.
    public func firstRange<S: StringProtocol>(in text: S) -> Range<String.Index>? {
        search(text, all: false).first
    }

    /// Every non-overlapping match, in text order (also with `.backwards`, which then
    /// only changes where an anchored search looks).
    ///
    /// ```swift
    /// try StringSearcher("e", options: .diacriticInsensitive).ranges(in: "été").count  // 2
    /// ```
    /// The corresponding C functions are `usearch_first` and `usearch_next`.
    public func ranges<S: StringProtocol>(in text: S) -> [Range<String.Index>] {
        search(text, all: true)
    }

    /// ``ranges(in:)`` as UTF-8 offsets from the start of `text`.
    ///
    /// ```swift
    /// try StringSearcher("é").utf8Ranges(in: "café é")  // [3..<5, 6..<8]
    /// ```
    public func utf8Ranges<S: StringProtocol>(in text: S) -> [Range<Int>] {
        withUTF8Bytes(text) { search($0, all: true) }
    }

    private func search<S: StringProtocol>(_ text: S, all: Bool) -> [Range<String.Index>] {
        let offsets = withUTF8Bytes(text) { search($0, all: all) }
        // UTF-8 offsets to indices, in one forward pass.
        var result: [Range<String.Index>] = []
        result.reserveCapacity(offsets.count)
        let utf8 = text.utf8
        var index = text.startIndex
        var offset = 0
        for range in offsets {
            let lower = utf8.index(index, offsetBy: range.lowerBound - offset)
            let upper = utf8.index(lower, offsetBy: range.count)
            result.append(lower..<upper)
            index = upper
            offset = range.upperBound
        }
        return result
    }

    /// The matches in `bytes` (valid UTF-8) as UTF-8 offsets, in text order: the text goes
    /// to UTF-16 once (``UTF8Transcoding``), and the UTF-16 offsets ICU reports come back in one
    /// forward walk over the bytes.
    private func search(_ bytes: UnsafeBufferPointer<UInt8>, all: Bool) -> [Range<Int>] {
        guard !pattern.isEmpty, !bytes.isEmpty, bytes.count <= Int(Int32.max) else { return [] }
        let backwards = options.contains(.backwards)
        let anchored = options.contains(.anchored)
        let units = [UInt16](unsafeUninitializedCapacity: bytes.count) { buffer, initialized in
            guard let length = UTF8Transcoding.utf16(validUTF8: bytes, into: buffer.baseAddress!) else {
                fatalError("UTF-8 to UTF-16: the caller's bytes are not valid UTF-8")
            }
            initialized = length
        }
        // An anchored search looks from its anchor: from the end with `.backwards`, for
        // `ranges(in:)` too (forward matches of "aa" in "aaa" never end at the end).
        let fromEnd = backwards && (!all || anchored) && caseCollator == nil
        var matches = engine.matches(in: units, backwards: fromEnd, all: all || anchored || caseCollator != nil)
        if let caseCheck = caseCollator {
            let patternBytes = Array(pattern.utf8)
            let candidates = units.withUnsafeBufferPointer { units in
                matches.filter { start, length in
                    let found = UTF16Transcoding.string(UnsafeBufferPointer(rebasing: units[start..<start + length]))
                    return withUTF8Bytes(found) { a in patternBytes.withUnsafeBufferPointer { b in caseCheck.compare(a, b) == 0 } }
                }
            }.sorted { $0.0 < $1.0 }
            // Non-overlapping, leftmost first (from the right for a backwards search). An
            // anchored search keeps the candidate at its anchor first, so that an earlier
            // overlapping candidate cannot push it out ("ana" at the end of "banana").
            var kept: [(Int, Int)] = []
            if anchored {
                kept = backwards
                    ? Array(candidates.filter { $0.0 + $0.1 == units.count }.suffix(1))
                    : Array(candidates.filter { $0.0 == 0 }.prefix(1))
            } else if backwards && !all {
                for candidate in candidates.reversed() where kept.last.map({ candidate.0 + candidate.1 <= $0.0 }) ?? true {
                    kept.append(candidate)
                }
            } else {
                for candidate in candidates where kept.last.map({ $0.0 + $0.1 <= candidate.0 }) ?? true {
                    kept.append(candidate)
                }
            }
            matches = kept
        }
        var selected: [(Int, Int)]
        if anchored {
            let wanted = backwards ? matches.filter { $0.0 + $0.1 == units.count } : matches.filter { $0.0 == 0 }
            selected = Array(wanted.prefix(1))
        } else {
            selected = all ? matches : Array(matches.prefix(1))
        }
        selected.sort { $0.0 < $1.0 }
        return units.withUnsafeBufferPointer { units in
            var walk = UTF8BlockWalk(bytes, utf16: units)
            return selected.map { start, length in
                let lower = walk.utf8Offset(ofUTF16: start)
                return lower..<walk.utf8Offset(ofUTF16: start + length)
            }
        }
    }
}

/// The searcher's private collator and a pool of `UStringSearch` objects for its pattern.
///
/// `Sendable` notes: each `UStringSearch` is used by one call at a time (``ICUPool``);
/// they only read the collator, which is never modified.
final class SearchEngine: @unchecked Sendable {
    /// usearch keeps pointers to its pattern and text: the pattern lives as long as this.
    private let pattern: UnsafeMutableBufferPointer<UInt16>
    /// usearch requires non-empty text; this one stands in between searches.
    private let placeholder: UnsafeMutablePointer<UInt16>
    private let collator: CollatorHandle
    /// `nil` for an empty pattern, which ICU refuses and which matches nothing.
    private var pool: ICUPool<ICUHandle>?

    init(pattern: [UInt16], collator: CollatorHandle, overlapping: Bool) throws(ICUError) {
        let buffer = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: max(pattern.count, 1))
        _ = buffer.initialize(from: pattern)
        let placeholder = UnsafeMutablePointer<UInt16>.allocate(capacity: 1)
        placeholder.initialize(to: 0x20)
        self.pattern = buffer
        self.placeholder = placeholder
        self.collator = collator
        let length = Int32(pattern.count)
        // The pointers stay valid while this engine lives, which outlives its pool.
        let patternAddress = UInt(bitPattern: buffer.baseAddress), placeholderAddress = UInt(bitPattern: placeholder)
        if pattern.isEmpty { return }
        pool = try ICUPool(capacity: 8) { () throws(ICUError) in
            let opened = try ICU.usearch_openFromCollator(
                UnsafePointer(bitPattern: patternAddress), length, UnsafePointer(bitPattern: placeholderAddress), 1, collator.collator)
            if overlapping { ICU.usearch_setAttribute(opened, USEARCH_OVERLAP, USEARCH_ON) }
            return ICUHandle(opened) { usearch_close($0) }
        }
    }

    deinit {
        pool = nil  // closes the searchers before the pattern they point to
        pattern.deallocate()
        placeholder.deallocate()
    }

    /// The matches as (UTF-16 start, UTF-16 length), in search order.
    func matches(in text: [UInt16], backwards: Bool, all: Bool) -> [(Int, Int)] {
        guard let pool else { return [] }
        // A backwards search gets a searcher of its own: ICU 72 reports a negative match
        // length when a searcher that went backwards once goes backwards again (pattern
        // U+0301 U+0001 U+FFFD in U+0301 U+0000 U+0301 U+FFFD, tr, secondary: (2,2) on a
        // new searcher, (2,-2) after; Fuzz/regressions/SearchFuzz/backwards-reused-searcher-negative-length),
        // which would make ranges(in:) and utf8Ranges(in:) disagree; so pooled searchers only
        // ever search forwards.
        if backwards { return pool.withNewObject { run($0.pointer, text, backwards: true, all: all) } }
        return pool.withHandle { run($0, text, backwards: false, all: all) }
    }

    private func run(_ search: OpaquePointer, _ text: [UInt16], backwards: Bool, all: Bool) -> [(Int, Int)] {
        text.withUnsafeBufferPointer { buffer in
            ICU.usearch_setText(search, buffer.baseAddress, Int32(buffer.count))
            var found: [(Int, Int)] = []
            var position = backwards ? ICU.usearch_last(search) : ICU.usearch_first(search)
            var previous: Int32 = backwards ? Int32.max : -1
            // Each match must start past the previous one (before it, backwards): ICU 72's
            // overlapping search can return the same match forever on some inputs (such as
            // ones with unassigned supplementary code points).
            while position != USEARCH_DONE && (backwards ? position < previous : position > previous) {
                previous = position
                // A pattern of ignorable characters only (NUL, controls) "matches" nothing
                // at every position: empty matches are not matches.
                let length = Int(usearch_getMatchedLength(search))
                if length > 0 { found.append((Int(position), length)) }
                if !all { break }
                position = backwards ? ICU.usearch_previous(search) : ICU.usearch_next(search)
            }
            // Leave no pointer to this buffer behind in a pooled searcher.
            ICU.usearch_setText(search, placeholder, 1)
            return found
        }
    }
}
