internal import CICU

/// Bidirectional-text helpers: the base direction of a text (UAX #9 P2–P3), directional
/// isolates and embeddings, and templates whose arguments are isolated the way Apple's
/// `String.localizedStringWithFormat` isolates them.
///
/// ```swift
/// Bidi.baseDirection(of: "سارة scored 12")          // .rightToLeft
/// try Bidi.format("%@ has the highest score", ["سارة"])
/// // "\u{2068}سارة\u{2069} has the highest score": the sentence stays left to right
/// ```
public enum Bidi {
    /// The result of UAX #9 rules P2–P3 on a text.
    public enum BaseDirection: String, Sendable, Hashable {
        /// The first strong character is left to right (class L).
        case leftToRight = "ltr"
        /// The first strong character is right to left (class R or AL).
        case rightToLeft = "rtl"
        /// No strong character before the end of the first paragraph.
        case neutral
    }

    /// The direction of the first strong character of the first paragraph, skipping
    /// characters inside isolates (LRI, RLI, FSI up to the matching PDI), as UAX #9 P2–P3.
    ///
    /// ```swift
    /// Bidi.baseDirection(of: "\u{2067}abc\u{2069} שלום")  // .rightToLeft
    /// Bidi.baseDirection(of: "123 !")                     // .neutral
    /// ```
    /// The corresponding C function is `u_charDirection`.
    public static func baseDirection<S: StringProtocol>(of text: S) -> BaseDirection {
        var isolateDepth = 0
        for scalar in text.unicodeScalars {
            switch u_charDirection(Int32(scalar.value)) {
            case U_LEFT_TO_RIGHT where isolateDepth == 0: return .leftToRight
            case U_RIGHT_TO_LEFT, U_RIGHT_TO_LEFT_ARABIC: if isolateDepth == 0 { return .rightToLeft }
            case U_LEFT_TO_RIGHT_ISOLATE, U_RIGHT_TO_LEFT_ISOLATE, U_FIRST_STRONG_ISOLATE: isolateDepth += 1
            case U_POP_DIRECTIONAL_ISOLATE: if isolateDepth > 0 { isolateDepth -= 1 }
            case U_BLOCK_SEPARATOR: return .neutral
            default: break
            }
        }
        return .neutral
    }

    /// `text` as one paragraph in visual order, left to right, for a display without bidi
    /// support: one pass of ICU's algorithm, without the levels and runs of a
    /// ``BidiParagraph``.
    ///
    /// ```swift
    /// try Bidi.visualString(of: "مرحبا world")  // "ابحرم world" (paragraph left to right)
    /// ```
    /// - Parameters:
    ///   - text: The text in logical (memory) order.
    ///   - direction: `.auto` (first strong character) or a forced paragraph direction.
    ///   - mirroring: Mirror bracket glyphs in right-to-left runs.
    ///   - removingControls: Drop bidi controls (ALM, LRM, RLM, LRE…RLO, LRI…PDI);
    ///     joiners stay (ICU's own option would strip ZWJ and break emoji sequences).
    /// - Throws: ``BidiError/inputTooLong(_:)`` past ICU's `Int32` limit.
    /// The corresponding C functions are `ubidi_setPara` and `ubidi_writeReordered`.
    public static func visualString<S: StringProtocol>(
        of text: S, direction: BidiParagraph.Direction = .auto, mirroring: Bool = true, removingControls: Bool = true
    ) throws(BidiError) -> String {
        try visualString(of: text, paragraphLevel: direction.icuLevel, mirroring: mirroring, removingControls: removingControls)
    }

    static func visualString<S: StringProtocol>(
        of text: S, paragraphLevel: UInt8, mirroring: Bool, removingControls: Bool
    ) throws(BidiError) -> String {
        var options = UInt16(UBIDI_KEEP_BASE_COMBINING)
        if mirroring { options |= UInt16(UBIDI_DO_MIRRORING) }
        let visual = try withUTF8Buffer(text) { bytes throws(BidiError) in
            try BidiEngine.withAnalysis(of: bytes, paragraphLevel: paragraphLevel) { bidi, utf16 in
                // Mirroring and keeping combining marks never lengthen the text.
                withUnsafeTemporaryAllocation(of: UInt16.self, capacity: utf16.count) { buffer in
                    var length = Int(ICU.ubidi_writeReordered(bidi, buffer, options))
                    if removingControls {
                        // In place, on the code units (every bidi control is one BMP unit):
                        // ICU's UBIDI_REMOVE_BIDI_CONTROLS would drop ZWJ and ZWNJ too.
                        var kept = 0
                        for index in 0..<length {
                            let unit = buffer[index]
                            if unit >= 0x061C && isBidiControl(unit: unit) { continue }
                            buffer[kept] = unit
                            kept &+= 1
                        }
                        length = kept
                    }
                    return UTF16Transcoding.string(UnsafeBufferPointer(rebasing: buffer[..<length]))
                }
            }
        }
        return visual ?? ""
    }

    /// Calls `body` for each run of `text`, analysed as one paragraph, in visual order (left
    /// to right), with the run's UTF-8 offsets and embedding level: the runs of
    /// ``BidiParagraph/visualRuns`` without building a ``BidiParagraph`` (no per-scalar levels,
    /// no arrays, no `String.Index`), for many short texts. Even levels are left to right.
    ///
    /// ```swift
    /// try Bidi.forEachVisualRun(in: "abc שלום") { utf8Range, level in print(utf8Range, level) }
    /// // 0..<4 0
    /// // 4..<12 1
    /// ```
    /// - Parameters:
    ///   - text: One paragraph (see ``BidiParagraph/init(_:direction:)``); nothing is called
    ///     for empty text.
    ///   - direction: `.auto` (first strong character) or a forced paragraph direction.
    ///   - body: Called once per run, left to right, with the run's UTF-8 offsets from the
    ///     start of `text` and its embedding level.
    /// - Throws: ``BidiError/inputTooLong(_:)`` past ICU's `Int32` limit.
    /// The corresponding C functions are `ubidi_setPara` and `ubidi_getVisualRun`.
    @inlinable
    public static func forEachVisualRun<S: StringProtocol>(
        in text: S, direction: BidiParagraph.Direction = .auto, _ body: (_ utf8Range: Range<Int>, _ level: UInt8) -> Void
    ) throws(BidiError) {
        // Specialized in the caller, so the cast is free for a String.
        try forEachVisualRun(inString: text as? String ?? String(decoding: text.utf8, as: UTF8.self), direction: direction, body)
    }

    /// ``forEachVisualRun(in:direction:_:)`` for a `String` (the non-generic part).
    @usableFromInline
    static func forEachVisualRun(
        inString text: String, direction: BidiParagraph.Direction, _ body: (Range<Int>, UInt8) -> Void
    ) throws(BidiError) {
        // The error is returned, not thrown, out of `withUTF8`: the typed-throws helper
        // (`withUTF8Buffer`) captures its result in a box with dynamic exclusivity checks.
        var text = text
        let failure = text.withUTF8 { bytes -> BidiError? in
            do throws(BidiError) {
                _ = try BidiEngine.withAnalysis(of: bytes, paragraphLevel: direction.icuLevel) { bidi, utf16 in
                    let levels = UnsafeBufferPointer(start: ICU.ubidi_getLevels(bidi), count: utf16.count)
                    let runCount = Int(ICU.ubidi_countRuns(bidi))
                    BidiParagraph.forEachVisualRun(bidi, runCount: runCount, levels: levels, utf16: utf16, utf8: bytes) { lower, upper, level in
                        body(lower..<upper, level)
                    }
                }
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// ``isBidiControl(_:)`` for a UTF-16 code unit.
    @inline(__always)
    static func isBidiControl(unit: UInt16) -> Bool {
        switch unit {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Whether `scalar` is one of the bidi formatting characters: ALM, LRM, RLM,
    /// LRE…RLO, LRI…PDI (the joiners ZWJ and ZWNJ are not).
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Whether `scalar` ends a paragraph (bidi class B).
    static func isParagraphSeparator(_ scalar: Unicode.Scalar) -> Bool {
        u_charDirection(Int32(scalar.value)) == U_BLOCK_SEPARATOR
    }

    /// `text` wrapped in a directional isolate (U+2066–U+2069), so that its direction
    /// neither affects nor is affected by the text around it.
    ///
    /// ```swift
    /// Bidi.isolated("سارة")  // "\u{2068}سارة\u{2069}"
    /// ```
    public static func isolated<S: StringProtocol>(_ text: S, direction: BidiParagraph.Direction = .auto) -> String {
        let opening: Character = switch direction {
        case .auto: "\u{2068}"
        case .leftToRight: "\u{2066}"
        case .rightToLeft: "\u{2067}"
        }
        return String(opening) + text + "\u{2069}"
    }

    /// `text` wrapped in a directional embedding (LRE or RLE … PDF), for renderers that
    /// predate isolates. `.auto` picks the direction of the text's first strong character.
    ///
    /// ```swift
    /// Bidi.embedded("abc", direction: .rightToLeft)  // "\u{202B}abc\u{202C}"
    /// ```
    public static func embedded<S: StringProtocol>(_ text: S, direction: BidiParagraph.Direction) -> String {
        let rightToLeft = switch direction {
        case .auto: baseDirection(of: text) == .rightToLeft
        case .leftToRight: false
        case .rightToLeft: true
        }
        return (rightToLeft ? "\u{202B}" : "\u{202A}") + text + "\u{202C}"
    }

    /// The mark that makes a paragraph start in `direction`: LRM (U+200E) or RLM (U+200F).
    public static func mark(for direction: BidiDirection) -> Character {
        direction == .leftToRight ? "\u{200E}" : "\u{200F}"
    }

    /// Substitutes `arguments` into a printf-style `template` (`%@`, `%d`, `%s`, `%f`, …,
    /// positional `%2$@`, `%%`), wrapping each argument in a first-strong isolate
    /// (FSI…PDI) as Apple's `localizedStringWithFormat` does, so that an Arabic name in an
    /// English sentence, or a Latin name in a Hebrew one, cannot reorder the sentence.
    ///
    /// ```swift
    /// try Bidi.format("%@ has the highest score: %d", ["سارة", "12"])
    /// try Bidi.format("%2$@ ← %1$@", ["a", "b"], isolating: false)  // "b ← a"
    /// ```
    /// - Parameters:
    ///   - template: The template; each specifier takes the next argument (or the one its
    ///     `n$` position names) as already formatted text.
    ///   - arguments: The arguments, formatted by the caller.
    ///   - isolating: Wrap arguments in FSI…PDI (default `true`).
    ///   - markingLeadingArgument: When the template begins with an argument, prefix the
    ///     mark (LRM or RLM) of the template's own direction, for renderers that ignore
    ///     isolates (default `false`).
    /// - Throws: ``BidiError`` for a malformed specifier or a missing argument.
    public static func format(
        _ template: String, _ arguments: [String], isolating: Bool = true, markingLeadingArgument: Bool = false
    ) throws(BidiError) -> String {
        var output = ""
        var literal = ""
        var nextArgument = 0
        var startsWithArgument = false
        var scalars = Substring(template).unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "%" else {
                output.unicodeScalars.append(scalar)
                literal.unicodeScalars.append(scalar)
                continue
            }
            let specifierStart = template.unicodeScalars.count - scalars.count - 1
            // %% is a literal percent sign.
            if scalars.first == "%" {
                scalars.removeFirst()
                output += "%"
                literal += "%"
                continue
            }
            // Optional position n$, then flags, width, precision, length, conversion.
            var digits = ""
            while let next = scalars.first, ("0"..."9").contains(next) { digits.unicodeScalars.append(scalars.removeFirst()) }
            var position: Int?
            if scalars.first == "$", let value = Int(digits), value > 0 {
                scalars.removeFirst()
                position = value - 1
            } else if !digits.isEmpty {
                // Those digits were a width.
            }
            while let next = scalars.first, "-+ #0123456789.'lhqLzjt".unicodeScalars.contains(next) { scalars.removeFirst() }
            guard let conversion = scalars.popFirst(), "@dDiuUxXoOfFeEgGaAcCsSp".unicodeScalars.contains(conversion) else {
                throw .malformedSpecifier(utf8Offset: String(template.unicodeScalars.prefix(specifierStart)).utf8.count)
            }
            let index = position ?? nextArgument
            if position == nil { nextArgument += 1 }
            guard index < arguments.count else { throw .missingArgument(index: index + 1) }
            if output.isEmpty { startsWithArgument = true }
            output += isolating ? isolated(arguments[index]) : arguments[index]
        }
        if markingLeadingArgument && startsWithArgument {
            let direction: BidiDirection = baseDirection(of: literal) == .rightToLeft ? .rightToLeft : .leftToRight
            output.insert(mark(for: direction), at: output.startIndex)
        }
        return output
    }
}
