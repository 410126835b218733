internal import CICU
import Synchronization

/// A direction in bidirectional text.
public enum BidiDirection: String, Sendable, Hashable, CaseIterable {
    /// Left to right (even embedding levels).
    case leftToRight = "ltr"
    /// Right to left (odd embedding levels).
    case rightToLeft = "rtl"

    /// The direction of an embedding level: even levels are left to right.
    public init(level: UInt8) { self = level & 1 == 0 ? .leftToRight : .rightToLeft }
}

/// A run of text at one embedding level, in logical or visual order.
public struct BidiRun: Sendable, Hashable {
    /// The run's range in the analysed string.
    public let range: Range<String.Index>
    /// UTF-8 offsets of the run from the start of the analysed string.
    public let utf8Range: Range<Int>
    /// The direction the run is displayed in.
    public let direction: BidiDirection
    /// The run's embedding level (UAX #9).
    public let level: UInt8
}

/// The Unicode Bidirectional Algorithm (UAX #9) applied to one paragraph by ICU's `ubidi`:
/// the paragraph's direction, the level of every character, its runs in logical and
/// visual order, the maps between the two orders, and the text reordered for display.
///
/// Levels, maps and run boundaries are per Unicode scalar (ICU works on UTF-16: the text
/// is converted once and offsets mapped back in one walk). The `UBiDi` object never
/// escapes; a `BidiParagraph` is a plain `Sendable` value.
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
    }

    /// The analysed text.
    public let text: String
    /// The resolved paragraph direction.
    public var direction: BidiDirection { BidiDirection(level: paragraphLevel) }
    /// The resolved paragraph embedding level (0 or 1 unless forced higher).
    public let paragraphLevel: UInt8
    /// The embedding level of every Unicode scalar, in logical order. Explicit formatting
    /// characters get the level of the character before them, as ICU reports.
    public let levels: [UInt8]
    /// For each visual position (left to right), the logical scalar index shown there.
    public let visualToLogical: [Int]
    /// For each logical scalar index, its visual position.
    public let logicalToVisual: [Int]
    /// The runs in visual order, left to right.
    public let visualRuns: [BidiRun]

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
    /// The corresponding C functions are `ubidi_setPara`, `ubidi_getLevels`,
    /// `ubidi_getVisualRun` and `ubidi_getVisualMap`.
    /// - Throws: ``InputTooLongError`` when the paragraph has more than `Int32.max` UTF-16
    ///   code units (ICU's limit; a paragraph cannot be reordered in pieces).
    public init<S: StringProtocol>(_ text: S, direction: Direction = .auto) throws(InputTooLongError) {
        let length = text.utf16.count
        guard length <= Int(Int32.max) else {
            throw InputTooLongError(length: length, limit: Int(Int32.max), unit: "UTF-16 code units")
        }
        self.init(analysing: String(text), direction: direction)
    }

    /// Splits `text` at paragraph separators (UAX #9 class B: LF, CR, CR LF, NEL, U+2029,
    /// U+001C–U+001E; each stays at the end of its paragraph) and analyses each paragraph.
    ///
    /// ```swift
    /// try BidiParagraph.paragraphs(in: "abc\nאבג").map(\.direction)  // [.leftToRight, .rightToLeft]
    /// ```
    /// - Throws: ``InputTooLongError`` when one paragraph exceeds ICU's `Int32` limit.
    public static func paragraphs<S: StringProtocol>(in text: S, direction: Direction = .auto) throws(InputTooLongError) -> [BidiParagraph] {
        var result: [BidiParagraph] = []
        var start = text.startIndex
        var index = text.startIndex
        let scalars = text.unicodeScalars
        while index < text.endIndex {
            let scalar = scalars[index]
            var next = scalars.index(after: index)
            if Bidi.isParagraphSeparator(scalar) {
                if scalar == "\r", next < text.endIndex, scalars[next] == "\n" { next = scalars.index(after: next) }
                result.append(try BidiParagraph(text[start..<next], direction: direction))
                start = next
            }
            index = next
        }
        if start < text.endIndex || result.isEmpty { result.append(try BidiParagraph(text[start...], direction: direction)) }
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
    /// The corresponding C function is `ubidi_writeReordered`.
    public func visualString(mirroring: Bool = true, removingControls: Bool = true) -> String {
        if text.isEmpty { return "" }
        var options = UInt16(UBIDI_KEEP_BASE_COMBINING)
        if mirroring { options |= UInt16(UBIDI_DO_MIRRORING) }
        let level = paragraphLevel
        let visual = BidiEngine.withAnalysis(of: text, paragraphLevel: level) { bidi, utf16Count in
            // Mirroring never changes the length; keeping base+combining order may not grow it either.
            let capacity = utf16Count * 2 + 16
            return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: capacity) { buffer in
                var status = U_ZERO_ERROR
                let length = ubidi_writeReordered(bidi, buffer.baseAddress, Int32(capacity), options, &status)
                requireSuccess(status, "ubidi_writeReordered")
                return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<Int(length)]), as: UTF16.self)
            }
        }
        // Not ICU's UBIDI_REMOVE_BIDI_CONTROLS: it also strips ZWJ and ZWNJ (breaking emoji
        // sequences and Persian or Indic shaping) and keeps ALM.
        guard removingControls else { return visual }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: visual.unicodeScalars.lazy.filter { !Bidi.isBidiControl($0) })
        return String(kept)
    }

    private init(analysing text: String, direction: Direction) {
        self.text = text
        let requested: UInt8 = switch direction {
        case .auto: UInt8(UBIDI_DEFAULT_LTR)
        case .leftToRight: 0
        case .rightToLeft: 1
        }
        let walk = UTF16Walk(text)
        if walk.units.isEmpty {
            paragraphLevel = direction == .rightToLeft ? 1 : 0
            levels = []
            visualToLogical = []
            logicalToVisual = []
            visualRuns = []
            return
        }
        let analysis = BidiEngine.withAnalysis(units: walk.units, paragraphLevel: requested) { bidi, count in
            var status = U_ZERO_ERROR
            let level = ubidi_getParaLevel(bidi)
            let unitLevels = ubidi_getLevels(bidi, &status)
            requireSuccess(status, "ubidi_getLevels")
            var levels = [UInt8]()
            levels.reserveCapacity(walk.scalarCount)
            for scalar in 0..<walk.scalarCount { levels.append(unitLevels![walk.firstUnit(ofScalar: scalar)]) }

            var unitMap = [Int32](repeating: 0, count: count)
            unitMap.withUnsafeMutableBufferPointer { ubidi_getVisualMap(bidi, $0.baseAddress, &status) }
            requireSuccess(status, "ubidi_getVisualMap")
            var visual = [Int]()
            visual.reserveCapacity(walk.scalarCount)
            for unit in unitMap {
                // The two units of a surrogate pair are adjacent in visual order: keep one.
                let scalar = Int(walk.scalarOfUnit[Int(unit)])
                if visual.last != scalar { visual.append(scalar) }
            }

            let runCount = ubidi_countRuns(bidi, &status)
            requireSuccess(status, "ubidi_countRuns")
            var runs: [(Int, Int, UInt8)] = []
            for run in 0..<runCount {
                var start: Int32 = 0
                var length: Int32 = 0
                _ = ubidi_getVisualRun(bidi, run, &start, &length)
                runs.append((Int(start), Int(start + length), unitLevels![Int(start)]))
            }
            return (level, levels, visual, runs)
        }
        paragraphLevel = analysis.0
        levels = analysis.1
        visualToLogical = analysis.2
        var inverse = [Int](repeating: 0, count: analysis.2.count)
        for (position, logical) in analysis.2.enumerated() { inverse[logical] = position }
        logicalToVisual = inverse
        let utf8 = text.utf8
        visualRuns = analysis.3.map { start, end, level in
            let lower = walk.utf8Offset(ofUnit: start)
            let upper = walk.utf8Offset(ofUnit: end)
            return BidiRun(
                range: utf8.index(text.startIndex, offsetBy: lower)..<utf8.index(text.startIndex, offsetBy: upper),
                utf8Range: lower..<upper, direction: BidiDirection(level: level), level: level)
        }
    }
}

/// One walk over a string's scalars: its UTF-16 units and the maps between UTF-16 units,
/// scalar indices and UTF-8 offsets.
struct UTF16Walk {
    var units: [UInt16] = []
    /// For each UTF-16 unit, the index of its scalar.
    var scalarOfUnit: [Int32] = []
    /// For each scalar, its UTF-8 offset; one extra entry holds the total length.
    var utf8OffsetOfScalar: [Int] = []
    /// For each scalar, its first UTF-16 unit; one extra entry holds the unit count.
    var unitOfScalar: [Int] = []

    init(_ text: String) {
        var utf8 = 0
        var scalar: Int32 = 0
        units.reserveCapacity(text.utf8.count)
        for value in text.unicodeScalars {
            utf8OffsetOfScalar.append(utf8)
            unitOfScalar.append(units.count)
            utf8 += UTF8.width(value)
            for unit in UTF16.encode(value)! {
                units.append(unit)
                scalarOfUnit.append(scalar)
            }
            scalar += 1
        }
        utf8OffsetOfScalar.append(utf8)
        unitOfScalar.append(units.count)
    }

    var scalarCount: Int { unitOfScalar.count - 1 }
    func firstUnit(ofScalar scalar: Int) -> Int { unitOfScalar[scalar] }
    func utf8Offset(ofUnit unit: Int) -> Int {
        unit >= units.count ? utf8OffsetOfScalar[scalarCount] : utf8OffsetOfScalar[Int(scalarOfUnit[unit])]
    }
}

/// The `UBiDi` objects: a small pool, each used by one call at a time.
///
/// `Sendable` notes: a `UBiDi` is taken out of the pool under the lock, used by one
/// thread, and returned; it never escapes `withAnalysis`.
enum BidiEngine {
    private struct Handle: @unchecked Sendable { let pointer: OpaquePointer }
    private static let pool = Mutex<[Handle]>([])

    static func withAnalysis<R>(of text: String, paragraphLevel: UInt8, _ body: (OpaquePointer, Int) -> R) -> R {
        withAnalysis(units: Array(text.utf16), paragraphLevel: paragraphLevel, body)
    }

    /// Runs ICU's algorithm on `units` and calls `body` with the analysed `UBiDi`.
    static func withAnalysis<R>(units: [UInt16], paragraphLevel: UInt8, _ body: (OpaquePointer, Int) -> R) -> R {
        let handle = pool.withLock { $0.popLast() } ?? Handle(pointer: open())
        defer {
            let kept = pool.withLock { handles -> Bool in
                guard handles.count < 8 else { return false }
                handles.append(handle)
                return true
            }
            if !kept { ubidi_close(handle.pointer) }
        }
        return units.withUnsafeBufferPointer { buffer in
            var status = U_ZERO_ERROR
            ubidi_setPara(handle.pointer, buffer.baseAddress, Int32(buffer.count), paragraphLevel, nil, &status)
            requireSuccess(status, "ubidi_setPara")
            return body(handle.pointer, buffer.count)
        }
    }

    private static func open() -> OpaquePointer {
        guard let bidi = ubidi_open() else { fatalError("ubidi_open failed: out of memory") }
        return bidi
    }
}
