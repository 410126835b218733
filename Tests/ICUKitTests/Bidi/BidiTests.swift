import Testing
import ICUKit

@Suite("Bidi")
struct BidiTests {
    @Test("a forced direction reorders a mixed sentence; auto follows the first strong character")
    func wwdcSentence() throws {
        let text = "WWDC is a fun conference کانفرنس"
        let auto = try BidiParagraph(text, direction: .auto)
        #expect(auto.direction == .leftToRight)
        #expect(auto.visualRuns.map(\.direction) == [.leftToRight, .rightToLeft])
        #expect(auto.visualString() == "WWDC is a fun conference " + String("کانفرنس".unicodeScalars.reversed().map(Character.init)))
        let forced = try BidiParagraph(text, direction: .rightToLeft)
        #expect(forced.paragraphLevel == 1)
        // In a right-to-left paragraph the Urdu word comes first (leftmost) visually.
        #expect(forced.visualRuns.first?.direction == .rightToLeft)
        #expect(forced.visualString().hasPrefix(String("کانفرنس".unicodeScalars.reversed().map(Character.init))))
    }

    @Test("an Arabic name at the start of an English template: isolation keeps the sentence LTR")
    func templateIsolation() throws {
        let name = "سارة"
        let plain = try Bidi.format("%@ has the highest score: %d!", [name, "12"], isolating: false)
        #expect(Bidi.baseDirection(of: plain) == .rightToLeft)           // the broken rendering
        #expect(try BidiParagraph(plain).direction == .rightToLeft)
        let isolated = try Bidi.format("%@ has the highest score: %d!", [name, "12"])
        #expect(isolated == "\u{2068}سارة\u{2069} has the highest score: \u{2068}12\u{2069}!")
        #expect(Bidi.baseDirection(of: isolated) == .leftToRight)
        let paragraph = try BidiParagraph(isolated)
        #expect(paragraph.direction == .leftToRight)
        #expect(paragraph.visualString(removingControls: true).hasSuffix("has the highest score: 12!"))
        // And vice versa: a Latin name in a Hebrew template stays right to left.
        let hebrew = try Bidi.format("%@ קיבלה את הציון הגבוה ביותר", ["Sarah"])
        #expect(try BidiParagraph(hebrew).direction == .rightToLeft)
        #expect(Bidi.baseDirection(of: try Bidi.format("%@ קיבלה", ["Sarah"], isolating: false)) == .leftToRight)
    }

    @Test("format: positional arguments, %%, errors, leading marks")
    func format() throws {
        #expect(try Bidi.format("%2$@ ← %1$@ (100%%)", ["a", "b"], isolating: false) == "b ← a (100%)")
        #expect(try Bidi.format("%ld items, %.2f MB, %s", ["3", "1.50", "x"], isolating: false) == "3 items, 1.50 MB, x")
        #expect(throws: BidiError.missingArgument(index: 2)) { try Bidi.format("%@ %@", ["a"]) }
        #expect(throws: BidiError.malformedSpecifier(utf8Offset: 3)) { try Bidi.format("ab %y", ["a"]) }
        #expect(throws: BidiError.malformedSpecifier(utf8Offset: 0)) { try Bidi.format("%", []) }
        #expect(try Bidi.format("%@ wins", ["سارة"], markingLeadingArgument: true).hasPrefix("\u{200E}\u{2068}"))
        #expect(try Bidi.format("%@ מנצחת", ["Sarah"], markingLeadingArgument: true).hasPrefix("\u{200F}\u{2068}"))
        #expect(try Bidi.format("Winner: %@", ["سارة"], markingLeadingArgument: true).hasPrefix("W"))
    }

    @Test("base direction: first strong character, isolates skipped, neutral text")
    func baseDirection() {
        #expect(Bidi.baseDirection(of: "Hello") == .leftToRight)
        #expect(Bidi.baseDirection(of: "123 שלום") == .rightToLeft)
        #expect(Bidi.baseDirection(of: "مرحبا abc") == .rightToLeft)
        #expect(Bidi.baseDirection(of: "\u{2066}abc\u{2069} שלום") == .rightToLeft)
        #expect(Bidi.baseDirection(of: "\u{2068}\u{2067}a\u{2069}b\u{2069}ש") == .rightToLeft)
        #expect(Bidi.baseDirection(of: "123 !?") == .neutral)
        #expect(Bidi.baseDirection(of: "") == .neutral)
        #expect(Bidi.baseDirection(of: "12\nשלום") == .neutral)  // P2 stops at the paragraph end
    }

    @Test("isolates and embeddings")
    func wrappers() {
        #expect(Bidi.isolated("abc") == "\u{2068}abc\u{2069}")
        #expect(Bidi.isolated("abc", direction: .rightToLeft) == "\u{2067}abc\u{2069}")
        #expect(Bidi.isolated("abc", direction: .leftToRight) == "\u{2066}abc\u{2069}")
        #expect(Bidi.embedded("abc", direction: .rightToLeft) == "\u{202B}abc\u{202C}")
        #expect(Bidi.embedded("שלום", direction: .auto) == "\u{202B}שלום\u{202C}")
        #expect(Bidi.mark(for: .rightToLeft) == "\u{200F}")
    }

    @Test("levels, maps and runs are per scalar and consistent")
    func mapsAndRuns() throws {
        let text = "abc 😀 שלום 123 עולם (x)\u{200F}."
        let paragraph = try BidiParagraph(text)
        let scalarCount = text.unicodeScalars.count
        #expect(paragraph.levels.count == scalarCount)
        #expect(paragraph.visualToLogical.sorted() == Array(0..<scalarCount))
        for (visual, logical) in paragraph.visualToLogical.enumerated() { #expect(paragraph.logicalToVisual[logical] == visual) }
        // Runs cover the text exactly once, in logical order without gaps.
        let logical = paragraph.logicalRuns
        #expect(logical.first?.range.lowerBound == text.startIndex)
        #expect(logical.last?.range.upperBound == text.endIndex)
        for (a, b) in zip(logical, logical.dropFirst()) { #expect(a.range.upperBound == b.range.lowerBound) }
        // The Hebrew words with the number between them form one right-to-left stretch.
        #expect(paragraph.visualRuns.contains { text[$0.range] == "123" && $0.level == 2 })
        #expect(paragraph.visualRuns.contains { text[$0.range].hasPrefix("שלום") && $0.direction == .rightToLeft })
        // The emoji (a surrogate pair in UTF-16) is one scalar with one level.
        let emoji = text.unicodeScalars.firstIndex(of: "😀")!
        #expect(paragraph.levels[text.unicodeScalars.distance(from: text.startIndex, to: emoji)] == 0)
    }

    @Test("visual string: mirroring and control removal")
    func visualString() throws {
        let paragraph = try BidiParagraph("\u{202B}abc (שלום)\u{202C}", direction: .rightToLeft)
        let mirrored = paragraph.visualString()
        #expect(!mirrored.unicodeScalars.contains("\u{202B}"))
        let kept = paragraph.visualString(mirroring: false, removingControls: false)
        #expect(kept.unicodeScalars.count == paragraph.text.unicodeScalars.count)
        // Right to left: "c (ב) a"; the brackets are mirrored glyphs of the reversed ones.
        let brackets = try BidiParagraph("a (ב) c", direction: .rightToLeft)
        #expect(brackets.visualString() == "c (ב) a")
        #expect(brackets.visualString(mirroring: false) == "c )ב( a")
        #expect(try BidiParagraph("").visualString() == "")
        #expect(try Bidi.visualString(of: "مرحبا world") == "world ابحرم")
        #expect(try Bidi.visualString(of: "مرحبا world", direction: .leftToRight) == "ابحرم world")
        #expect(try Bidi.visualString(of: "") == "")
        #expect(try BidiParagraph("plain text").visualString() == "plain text")
        // Joiners are not bidi controls: emoji sequences survive control removal (ICU's own
        // UBIDI_REMOVE_BIDI_CONTROLS would strip the ZWJ); ALM is removed.
        #expect(try BidiParagraph("👩‍👩‍👧 x\u{61C}", direction: .leftToRight).visualString() == "👩‍👩‍👧 x")
    }

    @Test("paragraphs split at separators, each with its own direction")
    func paragraphs() throws {
        let text = "Hello\nשלום עולם\r\nمرحبا\u{2029}end"
        let paragraphs = try BidiParagraph.paragraphs(in: text)
        #expect(paragraphs.map(\.text) == ["Hello\n", "שלום עולם\r\n", "مرحبا\u{2029}", "end"])
        #expect(paragraphs.map(\.direction) == [.leftToRight, .rightToLeft, .rightToLeft, .leftToRight])
        #expect(try BidiParagraph.paragraphs(in: "").count == 1)
        #expect(try BidiParagraph.paragraphs(in: "a\n").count == 1)
    }

    @Test("paragraph splitting looks at the right bytes: every bidi class B code point ICU knows")
    func separatorBytes() throws {
        var separators: [Unicode.Scalar] = []
        for value in 0...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), ScalarProperties(scalar).bidiClass == "B" else { continue }
            separators.append(scalar)
            // paragraphs(in:) decodes only scalars whose first UTF-8 byte is below 0x20, C2 or E2.
            let lead = String(scalar).utf8.first!
            #expect(lead < 0x20 || lead == 0xC2 || lead == 0xE2, "U+\(String(value, radix: 16))")
        }
        #expect(separators.count >= 7)
        // Each separator splits, inside and around multi-byte text (CR LF stays one separator).
        for separator in separators {
            let text = "é\(separator)日本\(separator)\(separator)😀"
            let parts = try BidiParagraph.paragraphs(in: text).map(\.text)
            #expect(parts == ["é\(separator)", "日本\(separator)", "\(separator)", "😀"], "\(parts)")
        }
        #expect(try BidiParagraph.paragraphs(in: "a\r\nb\rc\u{85}d").map(\.text) == ["a\r\n", "b\r", "c\u{85}", "d"])
    }

    @Test("Substring input gives the same answers as a copy")
    func substring() throws {
        let base = "«abc שלום 12»"
        let slice = base.dropFirst().dropLast()
        let fromSlice = try BidiParagraph(slice)
        let fromCopy = try BidiParagraph(String(slice))
        #expect(fromSlice.levels == fromCopy.levels)
        #expect(fromSlice.visualToLogical == fromCopy.visualToLogical)
        #expect(fromSlice.visualRuns.map(\.utf8Range) == fromCopy.visualRuns.map(\.utf8Range))
    }

    @Test("a paragraph past ICU's Int32 limit is a typed error, not a crash")
    func tooLong() {
        let huge = String(decoding: [UInt8](repeating: 0x61, count: Int(Int32.max) + 10), as: UTF8.self)
        #expect { _ = try BidiParagraph(huge) } throws: { error in if case .inputTooLong = error as? BidiError { true } else { false } }
        var called = false
        #expect { try Bidi.forEachVisualRun(in: huge) { _, _ in called = true } } throws: { error in
            if case .inputTooLong = error as? BidiError { true } else { false }
        }
        #expect(!called)
    }

    /// The visual runs of `paragraph` derived from its per-scalar levels and visual order
    /// alone: maximal same-level spans in logical order, as UTF-8 ranges, ordered by where
    /// their first scalar is shown.
    static func expectedRuns(of paragraph: BidiParagraph) -> [(Range<Int>, UInt8)] {
        let scalars = Array(paragraph.text.unicodeScalars)
        var offsets = [0]
        for scalar in scalars { offsets.append(offsets.last! + String(scalar).utf8.count) }
        var spans: [(first: Int, end: Int)] = []
        for index in scalars.indices {
            if index > 0 && paragraph.levels[index] == paragraph.levels[index - 1] { spans[spans.count - 1].end = index + 1 }
            else { spans.append((index, index + 1)) }
        }
        let visual = paragraph.logicalToVisual
        return spans
            .sorted { visual[$0.first] < visual[$1.first] }
            .map { (offsets[$0.first]..<offsets[$0.end], paragraph.levels[$0.first]) }
    }

    @Test("forEachVisualRun and visualRuns equal the level spans, on random mixed text", arguments: BidiParagraph.Direction.allCases)
    func visualRunsOnRandomText(direction: BidiParagraph.Direction) throws {
        // ASCII, Hebrew, Arabic, Arabic digits, CJK (3 bytes), emoji and a historic RTL
        // script past U+FFFF (4 bytes: surrogate pairs for ICU), marks, brackets, controls.
        let pieces = ["abc", " ", "12", "(", ")", "שלום", "مرحبا", "١٢٣", "漢字", "😀", "𐤀𐤁", "\u{301}", "\u{2067}", "\u{2069}",
                      "\u{202B}", "\u{202C}", "\u{200F}", ".", "-", "\u{E9}"]
        var random = SplitMix(state: 9)
        #expect(throws: Never.self) { try Bidi.forEachVisualRun(in: "", direction: direction) { _, _ in Issue.record("a run of empty text") } }
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<Int.random(in: 1...14, using: &random) { text += pieces.randomElement(using: &random)! }
            let paragraph = try BidiParagraph(text, direction: direction)
            let expected = Self.expectedRuns(of: paragraph)
            var reported: [(Range<Int>, UInt8)] = []
            try Bidi.forEachVisualRun(in: text, direction: direction) { reported.append(($0, $1)) }
            #expect(reported.map(\.0) == expected.map(\.0), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(reported.map(\.1) == expected.map(\.1))
            #expect(paragraph.visualRuns.map(\.utf8Range) == expected.map(\.0))
            #expect(paragraph.visualRuns.map(\.level) == expected.map(\.1))
            for run in paragraph.visualRuns {
                #expect(text.utf8.distance(from: text.startIndex, to: run.range.lowerBound) == run.utf8Range.lowerBound)
                #expect(text.utf8.distance(from: text.startIndex, to: run.range.upperBound) == run.utf8Range.upperBound)
            }
        }
    }
}
