// BidiFuzz: arbitrary strings (lossy UTF-8) through BidiParagraph, Bidi.forEachVisualRun
// and Bidi.format.
//
// Properties checked (a violation calls fatalError, which libFuzzer reports as a crash):
// - for each direction (chosen by the first byte): one level per scalar; the paragraph
//   level is 0 or 1 unless forced; visualToLogical is a permutation and logicalToVisual
//   its inverse; the visual runs cover the text exactly once (in logical order without
//   gaps or overlaps), each run's levels all equal its level; Bidi.forEachVisualRun
//   reports the same runs in the same (visual) order;
// - the visual string keeps every scalar when controls are kept and mirroring is off
//   (same multiset), and only drops bidi controls when they are removed;
// - paragraphs(in:) splits the text into pieces whose concatenation is the text;
// - Bidi.format with the input as template either throws a typed error or returns a
//   string, and base direction never crashes.
import FuzzSupport
import ICUKit

/// The bidi formatting characters, listed independently of `Bidi.isBidiControl`.
let bidiControls: Set<UInt32> = [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let directions: [BidiParagraph.Direction] = [.auto, .leftToRight, .rightToLeft]
    let direction = directions[Int(data[0]) % 3]
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    let scalars = Array(text.unicodeScalars)

    let paragraph: BidiParagraph
    do { paragraph = try BidiParagraph(text, direction: direction) } catch { fatalError("\(error) for a short text") }
    expect(paragraph.levels.count == scalars.count, "levels \(paragraph.levels.count) != scalars \(scalars.count)")
    switch direction {
    case .auto: expect(paragraph.paragraphLevel <= 1, "auto paragraph level \(paragraph.paragraphLevel)")
    case .leftToRight: expect(paragraph.paragraphLevel == 0, "forced ltr level \(paragraph.paragraphLevel)")
    case .rightToLeft: expect(paragraph.paragraphLevel == 1, "forced rtl level \(paragraph.paragraphLevel)")
    }
    expect(paragraph.visualToLogical.sorted() == Array(0..<scalars.count), "visualToLogical is not a permutation")
    for (visual, logical) in paragraph.visualToLogical.enumerated() {
        expect(paragraph.logicalToVisual[logical] == visual, "maps are not inverse at \(visual)")
    }

    var expectedStart = 0
    let utf8Offsets = scalars.reduce(into: [0]) { $0.append($0.last! + UTF8.width($1)) }
    for run in paragraph.logicalRuns {
        expect(run.utf8Range.lowerBound == expectedStart, "run starts at \(run.utf8Range.lowerBound), expected \(expectedStart)")
        expect(!run.utf8Range.isEmpty, "empty run")
        expectedStart = run.utf8Range.upperBound
        expect(text.utf8.distance(from: text.startIndex, to: run.range.lowerBound) == run.utf8Range.lowerBound, "range and utf8Range disagree")
        let first = utf8Offsets.firstIndex(of: run.utf8Range.lowerBound)
        let last = utf8Offsets.firstIndex(of: run.utf8Range.upperBound)
        expect(first != nil && last != nil, "run boundary inside a scalar")
        for index in first!..<last! { expect(paragraph.levels[index] == run.level, "level \(paragraph.levels[index]) inside a run of level \(run.level)") }
        expect(run.direction == BidiDirection(level: run.level), "run direction and level disagree")
    }
    expect(expectedStart == text.utf8.count, "runs end at \(expectedStart) of \(text.utf8.count)")

    // The allocation-free path reports the paragraph's visual runs, in the same order.
    var reported: [(Range<Int>, UInt8)] = []
    do { try Bidi.forEachVisualRun(in: text, direction: direction) { reported.append(($0, $1)) } } catch {
        fatalError("forEachVisualRun threw \(error) for a short text")
    }
    expect(reported.map(\.0) == paragraph.visualRuns.map(\.utf8Range), "forEachVisualRun ranges differ from visualRuns")
    expect(reported.map(\.1) == paragraph.visualRuns.map(\.level), "forEachVisualRun levels differ from visualRuns")

    let kept = paragraph.visualString(mirroring: false, removingControls: false)
    expect(kept.unicodeScalars.map(\.value).sorted() == scalars.map(\.value).sorted(), "visual string changed the scalars")
    let removed = paragraph.visualString(mirroring: true, removingControls: true)
    let remaining = scalars.filter { !bidiControls.contains($0.value) }.count
    expect(removed.unicodeScalars.count == remaining, "removing controls kept \(removed.unicodeScalars.count) of \(remaining)")

    do {
        let paragraphs = try BidiParagraph.paragraphs(in: text, direction: direction)
        expect(paragraphs.map(\.text).joined() == text, "paragraphs do not concatenate to the text")
    } catch {
        fatalError("paragraphs(in:) threw \(error)")
    }

    _ = Bidi.baseDirection(of: text)
    do {
        _ = try Bidi.format(text, ["a", "ب"], markingLeadingArgument: data[0] & 0x80 != 0)
    } catch {
        if case .malformedSpecifier(let offset) = error { expect(offset >= 0 && offset < text.utf8.count, "bad offset \(offset)") }
    }
    return 0
}
