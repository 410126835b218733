internal import CICU

/// The Unicode Bidirectional Algorithm (UAX #9) applied to one paragraph by ICU's `ubidi`:
/// the paragraph's direction, the level of every character, its runs in logical and
/// visual order, the maps between the two orders, and the text reordered for display.
///
/// Levels, maps and run boundaries are per Unicode scalar (ICU works on UTF-16: the text
/// is converted once and offsets mapped back in one walk). The `UBiDi` object never
/// escapes; a `BidiParagraph` is a plain `Sendable` value. The two index maps are
/// computed from the levels when asked for (`ubidi_reorderVisual`); keep them if you use
/// them repeatedly.
///
/// ```swift
/// let paragraph = try BidiParagraph("WWDC is مؤتمر ممتع", direction: .auto)
/// paragraph.direction           // .leftToRight (first strong character is "W")
/// paragraph.visualRuns.map(\.direction)  // [.leftToRight, .rightToLeft]
/// paragraph.visualString()      // the Arabic words reversed for a terminal without bidi
/// ```
/// For text with several paragraphs use ``paragraphs(in:direction:)``.
public struct BidiParagraph: Sendable {
    /// How the paragraph direction is chosen.
    public enum Direction: String, Sendable, Hashable, CaseIterable {
        /// From the first strong character (UAX #9 P2–P3), left to right when there is none.
        case auto
        /// Forced left to right (paragraph level 0).
        case leftToRight = "ltr"
        /// Forced right to left (paragraph level 1).
        case rightToLeft = "rtl"

        var icuLevel: UInt8 {
            switch self {
            case .auto: UInt8(UBIDI_DEFAULT_LTR)
            case .leftToRight: 0
            case .rightToLeft: 1
            }
        }
    }

    /// The analysed text.
    public let text: String
    /// The resolved paragraph direction.
    public var direction: BidiDirection { BidiDirection(level: paragraphLevel) }
    /// The resolved paragraph embedding level (0 or 1 unless forced higher).
    public let paragraphLevel: UInt8
    /// The embedding level of every Unicode scalar, in logical order. Explicit formatting
    /// characters get the levels ICU gives them.
    public let levels: [UInt8]
    /// The runs in visual order, left to right.
    public let visualRuns: [BidiRun]
    /// The paragraph level asked of ICU (`UBIDI_DEFAULT_LTR` for `.auto`).
    private let requestedLevel: UInt8

    /// For each visual position (left to right), the logical scalar index shown there.
    /// The corresponding C function is `ubidi_reorderVisual`.
    public var visualToLogical: [Int] { Self.reorder(levels, ubidi_reorderVisual) }

    /// For each logical scalar index, its visual position.
    /// The corresponding C function is `ubidi_reorderLogical`.
    public var logicalToVisual: [Int] { Self.reorder(levels, ubidi_reorderLogical) }

    /// The runs in logical order.
    public var logicalRuns: [BidiRun] { visualRuns.sorted { $0.utf8Range.lowerBound < $1.utf8Range.lowerBound } }

    /// `true` when every scalar is at the same, even level: nothing to reorder.
    public var isPurelyLeftToRight: Bool { visualRuns.count <= 1 && paragraphLevel & 1 == 0 && levels.allSatisfy { $0 & 1 == 0 } }

    /// Analyses `text` as one paragraph.
    ///
    /// ```swift
    /// let p = try BidiParagraph("שלום world", direction: .auto)
    /// p.paragraphLevel  // 1
    /// p.levels          // [1, 1, 1, 1, 1, 2, 2, 2, 2, 2]
    /// ```
    /// - Parameters:
    ///   - text: The paragraph. A paragraph separator inside it starts a new paragraph for
    ///     ICU (explicit embeddings end there); use ``paragraphs(in:direction:)`` to get one
    ///     value per paragraph.
    ///   - direction: `.auto` (UAX #9 P2–P3), or a forced direction.
    /// - Throws: ``BidiError/inputTooLong(_:)`` when the paragraph has more than `Int32.max` UTF-16
    ///   code units (ICU's limit; a paragraph cannot be reordered in pieces).
    /// The corresponding C functions are `ubidi_setPara`, `ubidi_getLevels` and
    /// `ubidi_getVisualRun`.
    @inlinable
    public init<S: StringProtocol>(_ text: S, direction: Direction = .auto) throws(BidiError) {
        // Specialized in the caller, so the cast is free for a String. (Not `String(text)`:
        // for a generic StringProtocol that may pick the initializer that walks Characters.)
        try self.init(analysing: text as? String ?? String(decoding: text.utf8, as: UTF8.self), direction: direction)
    }

    /// ``init(_:direction:)`` for a `String` (the non-generic part).
    @usableFromInline
    init(analysing text: String, direction: Direction) throws(BidiError) {
        self.text = text
        requestedLevel = direction.icuLevel
        let analysis = try withUTF8Buffer(text) { bytes throws(BidiError) in
            try BidiEngine.withAnalysis(of: bytes, paragraphLevel: direction.icuLevel) { bidi, utf16 in
                Self.analyse(bidi, utf16: utf16, utf8: bytes, text: text)
            }
        }
        if let analysis {
            (paragraphLevel, levels, visualRuns) = analysis
        } else {
            paragraphLevel = direction == .rightToLeft ? 1 : 0
            levels = []
            visualRuns = []
        }
    }

    /// Splits `text` at paragraph separators (UAX #9 class B: LF, CR, CR LF, NEL, U+2029,
    /// U+001C–U+001E; each stays at the end of its paragraph) and analyses each paragraph.
    ///
    /// ```swift
    /// try BidiParagraph.paragraphs(in: "abc\nאבג").map(\.direction)  // [.leftToRight, .rightToLeft]
    /// ```
    /// - Throws: ``BidiError/inputTooLong(_:)`` when one paragraph exceeds ICU's `Int32` limit.
    public static func paragraphs<S: StringProtocol>(in text: S, direction: Direction = .auto) throws(BidiError) -> [BidiParagraph] {
        try paragraphs(inString: text as? String ?? String(text), direction: direction)
    }

    /// ``paragraphs(in:direction:)`` for a `String` (the non-generic part): the separators are
    /// found on the UTF-8 bytes. Bidi class B is ASCII controls, U+0085 and U+2029 (lead
    /// bytes C2 and E2; a test checks every B code point ICU knows against this), so other
    /// bytes are skipped without decoding a scalar; candidates are asked of ICU.
    static func paragraphs(inString text: String, direction: Direction) throws(BidiError) -> [BidiParagraph] {
        var text = text
        let ends: [Int] = text.withUTF8 { bytes in
            var ends: [Int] = []
            let count = bytes.count
            var index = 0
            while index < count {
                let byte = bytes[index]
                if byte >= 0x20 && byte != 0xC2 && byte != 0xE2 {
                    index &+= 1
                    continue
                }
                // A String's bytes: lead bytes C2 and E2 have their continuation bytes.
                let (value, length) = ValidUTF8.decode(bytes.baseAddress!, at: index)
                var next = index + length
                if let scalar = Unicode.Scalar(value), Bidi.isParagraphSeparator(scalar) {
                    if byte == 0x0D, next < count, bytes[next] == 0x0A { next += 1 }
                    ends.append(next)
                }
                index = next
            }
            return ends
        }
        var result: [BidiParagraph] = []
        result.reserveCapacity(ends.count + 1)
        var start = 0
        let utf8 = text.utf8
        for end in ends {
            let lower = utf8.index(utf8.startIndex, offsetBy: start), upper = utf8.index(utf8.startIndex, offsetBy: end)
            result.append(try BidiParagraph(analysing: String(text[lower..<upper]), direction: direction))
            start = end
        }
        if start < utf8.count || result.isEmpty {
            result.append(try BidiParagraph(analysing: String(text[utf8.index(utf8.startIndex, offsetBy: start)...]), direction: direction))
        }
        return result
    }

    /// The text in visual order, left to right, for a display without bidi support.
    ///
    /// ```swift
    /// try BidiParagraph("abc (שלום)").visualString()  // "abc (םולש)"
    /// ```
    /// - Parameters:
    ///   - mirroring: Replace characters with their mirrored glyphs in right-to-left runs
    ///     (`(` becomes `)`), as a renderer would.
    ///   - removingControls: Drop the bidi controls (ALM, LRM, RLM, LRE…RLO, LRI…PDI);
    ///     joiners (ZWJ, ZWNJ) stay.
    /// This runs ICU's algorithm again; ``Bidi/visualString(of:direction:mirroring:removingControls:)``
    /// does it in one pass when only the visual string is wanted.
    /// The corresponding C function is `ubidi_writeReordered`.
    public func visualString(mirroring: Bool = true, removingControls: Bool = true) -> String {
        // The text was accepted by init, so it is within ICU's limit.
        (try? Bidi.visualString(of: text, paragraphLevel: requestedLevel, mirroring: mirroring, removingControls: removingControls)) ?? text
    }

    /// A per-scalar index map from per-scalar levels.
    private static func reorder(
        _ levels: [UInt8], _ function: (UnsafePointer<UInt8>?, Int32, UnsafeMutablePointer<Int32>?) -> Void
    ) -> [Int] {
        if levels.isEmpty { return [] }
        var map = [Int32](repeating: 0, count: levels.count)
        levels.withUnsafeBufferPointer { levels in
            map.withUnsafeMutableBufferPointer { function(levels.baseAddress, Int32(levels.count), $0.baseAddress) }
        }
        return map.map(Int.init)
    }

    /// Reads the paragraph level, the levels (one per scalar) and the visual runs (with
    /// UTF-8 offsets and `String.Index` ranges of `text`) from an analysed `UBiDi`.
    private static func analyse(
        _ bidi: OpaquePointer, utf16: UnsafeBufferPointer<UInt16>, utf8: UnsafeBufferPointer<UInt8>, text: String
    ) -> (UInt8, [UInt8], [BidiRun]) {
        let paragraphLevel = ubidi_getParaLevel(bidi)
        let unitLevels = UnsafeBufferPointer(start: ICU.ubidi_getLevels(bidi), count: utf16.count)
        let runCount = Int(ICU.ubidi_countRuns(bidi))
        let allASCII = utf16.count == utf8.count
        let hasPairs = !allASCII && UTF8Decoding.containsFourByteSequence(utf8)

        let levels: [UInt8]
        if !hasPairs {
            levels = Array(unitLevels)
        } else {
            // One level per scalar: the level of its first unit.
            var perScalar: [UInt8] = []
            perScalar.reserveCapacity(utf16.count)
            var unit = 0
            while unit < utf16.count {
                perScalar.append(unitLevels[unit])
                unit += UTF16.isLeadSurrogate(utf16[unit]) && unit + 1 < utf16.count ? 2 : 1
            }
            levels = perScalar
        }

        // Appended, not built by `init(unsafeUninitializedCapacity:)`: that initializer is
        // not specialized and looks up the array storage's metadata in the runtime's cache
        // on every call (~160 instructions, measured).
        var runs: [BidiRun] = []
        runs.reserveCapacity(runCount)
        let startIndex = text.startIndex, textUTF8 = text.utf8
        forEachVisualRun(bidi, runCount: runCount, levels: unitLevels, utf16: utf16, utf8: utf8) { lower, upper, level in
            runs.append(BidiRun(
                range: textUTF8.index(startIndex, offsetBy: lower)..<textUTF8.index(startIndex, offsetBy: upper),
                utf8Range: lower..<upper, direction: BidiDirection(level: level), level: level))
        }
        return (paragraphLevel, levels, runs)
    }

    /// Calls `body(lower, upper, level)` for each of the `runCount` visual runs of an analysed
    /// `UBiDi`, left to right, with the run's UTF-8 offsets: the runs are put in logical order
    /// on the stack, their offsets found in one forward walk, then reported in visual order.
    /// Nothing is allocated on the heap.
    @inline(__always)
    static func forEachVisualRun(
        _ bidi: OpaquePointer, runCount: Int, levels: UnsafeBufferPointer<UInt8>,
        utf16: UnsafeBufferPointer<UInt16>, utf8: UnsafeBufferPointer<UInt8>, _ body: (Int, Int, UInt8) -> Void
    ) {
        withUnsafeTemporaryAllocation(of: (start: Int, end: Int, visual: Int, level: UInt8).self, capacity: runCount) { runs in
            for run in 0..<runCount {
                var start: Int32 = 0
                var length: Int32 = 0
                _ = ubidi_getVisualRun(bidi, Int32(run), &start, &length)
                runs[run] = (Int(start), Int(start + length), run, levels[Int(start)])
            }
            // Logical order (runs are few; insertion sort allocates nothing).
            for index in 1..<max(runCount, 1) {
                let current = runs[index]
                var position = index
                while position > 0 && runs[position - 1].start > current.start {
                    runs[position] = runs[position - 1]
                    position -= 1
                }
                runs[position] = current
            }
            // UTF-8 bounds in logical order; the last run ends the text (no walk to its end).
            let allASCII = utf16.count == utf8.count
            var walk = UTF8Walk(utf8, allASCII: allASCII)
            var lower = 0
            for index in 0..<runCount {
                let run = runs[index]
                let upper = run.end == utf16.count ? utf8.count : walk.utf8Offset(ofUTF16: run.end)
                runs[index] = (lower, upper, run.visual, run.level)
                lower = upper
            }
            // Back to visual order: each run swapped to its visual position.
            for index in 0..<runCount {
                while runs[index].visual != index { runs.swapAt(index, runs[index].visual) }
            }
            for run in runs.prefix(runCount) { body(run.start, run.end, run.level) }
        }
    }
}

/// The `UBiDi` objects: a small pool, each used by one call at a time.
///
/// `Sendable` notes: a `UBiDi` is taken out of the pool under the lock, used by one
/// thread, and returned; it never escapes `withAnalysis`.
enum BidiEngine {
    /// `ubidi_open` fails only when memory runs out.
    private static let pool: ICUPool<ICUHandle> = {
        do {
            return try ICUPool(capacity: 8) { () throws(ICUError) in
                ICUHandle(try ICU.ubidi_open()) { ubidi_close($0) }
            }
        } catch {
            fatalError("\(error)")
        }
    }()

    /// Converts `utf8` to UTF-16 once, runs ICU's algorithm on it, and calls `body` with
    /// the analysed `UBiDi` and the UTF-16 text; `nil` for empty text.
    static func withAnalysis<R>(
        of utf8: UnsafeBufferPointer<UInt8>, paragraphLevel: UInt8,
        _ body: (OpaquePointer, UnsafeBufferPointer<UInt16>) -> R
    ) throws(BidiError) -> R? {
        if utf8.isEmpty { return nil }
        // UTF-16 never has more units than UTF-8 has bytes; count them only when it matters.
        if utf8.count > Int(Int32.max) {
            let units = String(decoding: utf8, as: UTF8.self).utf16.count
            if units > Int(Int32.max) { throw .inputTooLong(InputTooLongError(length: units, limit: Int(Int32.max), unit: "UTF-16 code units")) }
            // Between the limits: convert in Swift (u_strFromUTF8 takes an Int32 length).
            return Array(String(decoding: utf8, as: UTF8.self).utf16).withUnsafeBufferPointer { run($0, paragraphLevel, body) }
        }
        return withUTF16(validUTF8: utf8) { run($0, paragraphLevel, body) }
    }

    private static func run<R>(
        _ utf16: UnsafeBufferPointer<UInt16>, _ paragraphLevel: UInt8, _ body: (OpaquePointer, UnsafeBufferPointer<UInt16>) -> R
    ) -> R {
        pool.withHandle { bidi in
            ICU.ubidi_setPara(bidi, utf16, paragraphLevel)
            return body(bidi, utf16)
        }
    }
}
