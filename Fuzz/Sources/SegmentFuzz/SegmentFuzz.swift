// SegmentFuzz: arbitrary bytes, decoded leniently, segmented by every unit in a few locales.
//
// Properties checked (a violation calls fatalError, which libFuzzer reports as a crash):
// - boundaryOffsets start at 0, end at the UTF-8 count, strictly increase, and each lies on
//   a Unicode scalar boundary; the kinds fit the unit;
// - the UTF-8 (`UText`) and UTF-16 paths give identical boundaries and kinds;
// - windowed segmentation (windows of 16–63 bytes, both paths) yields well-formed
//   boundaries, the same on both paths;
// - for one locale per unit (chosen by the second input byte): the default path, count,
//   boundaries(of:) and segments(of:) agree with the offsets; isBoundary is true exactly at
//   the boundaries (checked at every scalar position, up to 32), boundary(after:) is the
//   next boundary and boundary(before:) the previous one;
// - for that locale, a Substring (cut at Character or at Unicode scalar boundaries, chosen
//   by the first input byte) gives exactly what a copy `String(substring)` gives.
// All 20 segmenters get the first three checks on every input; the rest, which exercise
// ICUKit's own code rather than ICU's locale data, only for one locale per unit, which keeps
// the rate of executions up.
// With ICUKIT_FUZZ_STRICT=1 in the environment, windowed results must also equal the
// one-pass result when no one-pass segment is as long as the margin (window / 4), which is
// what the engine's documentation promises. (It does not hold for dictionary scripts, whose
// context is the whole run of Thai or Han text: see README.md.)
import FuzzSupport
@_spi(Internals) import ICUKit

#if canImport(Glibc)
import Glibc
#endif

private let localeNames = ["", "th", "ja", "en@ss=standard", "zh"]

/// Created once (unit-major, locale-minor): opening ICU per input would dominate the run time.
private let segmenters: [Segmenter] = Segmenter.Unit.allCases.flatMap { unit in
    localeNames.map { name in
        do { return try Segmenter(unit, locale: LocaleID(name)) } catch { fatalError("cannot open \(unit) for \"\(name)\": \(error)") }
    }
}

private let strict: Bool = getenv("ICUKIT_FUZZ_STRICT").map { String(cString: $0) == "1" } ?? false

/// Boundary queries cost one ICU call each: check at most this many positions per text.
private let maximumQueries = 32

private struct Boundary: Equatable, CustomStringConvertible {
    let offset: Int
    let kind: Segment.Kind
    var description: String { "\(offset):\(kind.rawValue)" }
}

private func collect<S: StringProtocol>(_ segmenter: Segmenter, _ text: S, path: TextPath?, window: Int) -> [Boundary] {
    var result: [Boundary] = []
    segmenter.forEachBoundary(in: text, path: path, window: window) { result.append(Boundary(offset: $0, kind: $1)) }
    return result
}

private func name(_ segmenter: Segmenter) -> String { "\(segmenter.unit) in \"\(segmenter.locale)\"" }

private func kindFits(_ kind: Segment.Kind, _ unit: Segmenter.Unit) -> Bool {
    switch unit {
    case .grapheme: kind == .cluster
    case .word: [.none, .number, .letter, .kana, .ideographic].contains(kind)
    case .sentence: kind == .terminator || kind == .separator
    case .line: kind == .soft || kind == .hard
    }
}

/// Boundaries reported by the enumeration (end offsets, no leading 0) are well formed.
private func checkWellFormed(_ boundaries: [Boundary], _ utf8: [UInt8], _ segmenter: Segmenter, _ what: String) {
    let tag = "\(what) \(name(segmenter))"
    if utf8.isEmpty {
        expect(boundaries.isEmpty, "\(tag): boundaries \(boundaries) for empty text")
        return
    }
    expect(boundaries.last?.offset == utf8.count,
           "\(tag): last boundary \(String(describing: boundaries.last)) is not the end \(utf8.count)")
    var previous = 0
    for boundary in boundaries {
        expect(boundary.offset > previous, "\(tag): boundaries do not strictly increase: \(boundaries)")
        expect(boundary.offset == utf8.count || utf8[boundary.offset] & 0xC0 != 0x80,
               "\(tag): boundary \(boundary.offset) splits a scalar")
        expect(kindFits(boundary.kind, segmenter.unit), "\(tag): kind \(boundary.kind) at \(boundary.offset)")
        previous = boundary.offset
    }
}

/// Checks `text`'s offsets and both paths and returns its boundaries (offsets and kinds);
/// `views` adds the other public views, `windowed` small windows, `queries` boundary queries.
private func check<S: StringProtocol>(
    _ segmenter: Segmenter, _ text: S, views: Bool = false, windowed: Bool = false, queries: Bool = false,
    windowSize: Int
) -> [Boundary] {
    let utf8 = Array(text.utf8)
    let count = utf8.count
    let tag = name(segmenter)

    let offsets = segmenter.boundaryOffsets(of: text)
    expect(offsets.first == 0, "\(tag): offsets do not start at 0: \(offsets)")
    expect(offsets.last == count, "\(tag): offsets \(offsets) do not end at the UTF-8 count \(count)")
    for i in offsets.indices.dropFirst() {
        expect(offsets[i] > offsets[i - 1], "\(tag): offsets do not strictly increase: \(offsets)")
        expect(offsets[i] == count || utf8[offsets[i]] & 0xC0 != 0x80, "\(tag): offset \(offsets[i]) splits a scalar")
    }

    // Both text paths in one window agree, with each other and with the offsets.
    let viaUTF8 = collect(segmenter, text, path: .utf8, window: Int(Int32.max) - 1)
    let viaUTF16 = collect(segmenter, text, path: .utf16, window: Int(Int32.max) - 1)
    expect(viaUTF8 == viaUTF16, "\(tag): UTF-8 path \(viaUTF8) != UTF-16 path \(viaUTF16)")
    checkWellFormed(viaUTF8, utf8, segmenter, "one pass")
    expect([0] + viaUTF8.map(\.offset) == offsets, "\(tag): forEachBoundary(path:) \(viaUTF8) != boundaryOffsets \(offsets)")

    if views { checkViews(segmenter, text, offsets: offsets, boundaries: viaUTF8) }
    if windowed, count > windowSize { checkWindows(segmenter, text, utf8: utf8, onePass: viaUTF8, windowSize: windowSize) }
    if queries { checkQueries(segmenter, text, offsets: offsets) }
    return viaUTF8
}

/// The default path, count, boundaries(of:) and segments(of:) agree with the offsets.
private func checkViews<S: StringProtocol>(_ segmenter: Segmenter, _ text: S, offsets: [Int], boundaries: [Boundary]) {
    let tag = name(segmenter)
    var viaDefault: [Boundary] = []
    segmenter.forEachBoundary(in: text) { viaDefault.append(Boundary(offset: $0, kind: $1)) }
    expect(viaDefault == boundaries, "\(tag): default path \(viaDefault) != \(boundaries)")

    expect(segmenter.count(of: text) == offsets.count - 1, "\(tag): count disagrees with \(offsets)")
    let indices = segmenter.boundaries(of: text)
    expect(indices.map { text.utf8.distance(from: text.startIndex, to: $0) } == offsets,
           "\(tag): boundaries(of:) disagrees with \(offsets)")
    let segments = segmenter.segments(of: text)
    expect(segments.count == boundaries.count, "\(tag): \(segments.count) segments for \(boundaries)")
    var lower = text.startIndex
    for (segment, boundary) in zip(segments, boundaries) {
        expect(segment.range.lowerBound == lower, "\(tag): segments leave a gap or overlap")
        expect(text.utf8.distance(from: text.startIndex, to: segment.range.upperBound) == boundary.offset,
               "\(tag): segment ends elsewhere than \(boundary)")
        expect(segment.kind == boundary.kind, "\(tag): segment kind \(segment.kind) != \(boundary)")
        lower = segment.range.upperBound
    }
    expect(lower == text.endIndex, "\(tag): segments do not reach the end")
}

/// Windowed segmentation is well formed and the same on both paths.
private func checkWindows<S: StringProtocol>(
    _ segmenter: Segmenter, _ text: S, utf8: [UInt8], onePass: [Boundary], windowSize: Int
) {
    let tag = name(segmenter)
    let windowedUTF8 = collect(segmenter, text, path: .utf8, window: windowSize)
    let windowedUTF16 = collect(segmenter, text, path: .utf16, window: windowSize)
    checkWellFormed(windowedUTF8, utf8, segmenter, "window \(windowSize) utf8")
    checkWellFormed(windowedUTF16, utf8, segmenter, "window \(windowSize) utf16")
    expect(windowedUTF8 == windowedUTF16,
           "\(tag): window \(windowSize): UTF-8 path \(windowedUTF8) != UTF-16 path \(windowedUTF16)")
    guard strict else { return }
    let margin = min(windowSize / 4, 1 << 16)
    var longest = 0
    var previous = 0
    for boundary in onePass {
        longest = max(longest, boundary.offset - previous)
        previous = boundary.offset
    }
    if longest < margin {
        expect(windowedUTF8.map(\.offset) == onePass.map(\.offset),
               "\(tag): window \(windowSize) gives \(windowedUTF8.map(\.offset)), one pass \(onePass.map(\.offset))")
    }
}

/// Boundary queries (through a UTF-8 UText) agree with the enumeration, at the first
/// `maximumQueries` Unicode scalar positions.
private func checkQueries<S: StringProtocol>(_ segmenter: Segmenter, _ text: S, offsets: [Int]) {
    let tag = name(segmenter)
    let utf8 = text.utf8
    func offset(_ index: String.Index?) -> Int? { index.map { utf8.distance(from: text.startIndex, to: $0) } }

    expect(segmenter.boundary(after: text.endIndex, in: text) == nil, "\(tag): boundary after the end")
    expect(segmenter.boundary(before: text.startIndex, in: text) == nil, "\(tag): boundary before the start")
    expect(segmenter.isBoundary(text.startIndex, in: text), "\(tag): start is not a boundary")
    expect(segmenter.isBoundary(text.endIndex, in: text), "\(tag): end is not a boundary")
    var checked = 0
    var next = 1  // index in `offsets` of the first boundary after the current position
    var index = text.unicodeScalars.startIndex
    while index < text.endIndex, checked < maximumQueries {
        let position = utf8.distance(from: text.startIndex, to: index)
        while offsets[next] <= position { next += 1 }
        let isBoundary = offsets[next - 1] == position
        expect(segmenter.isBoundary(index, in: text) == isBoundary,
               "\(tag): isBoundary(\(position)) is not \(isBoundary); boundaries \(offsets)")
        let after = offset(segmenter.boundary(after: index, in: text))
        expect(after == offsets[next],
               "\(tag): boundary(after: \(position)) = \(String(describing: after)), expected \(offsets[next]); boundaries \(offsets)")
        if position > 0 {
            let expected = isBoundary ? offsets[next - 2] : offsets[next - 1]
            let before = offset(segmenter.boundary(before: index, in: text))
            expect(before == expected,
                   "\(tag): boundary(before: \(position)) = \(String(describing: before)), expected \(expected); boundaries \(offsets)")
        }
        checked += 1
        text.unicodeScalars.formIndex(after: &index)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)
    // The first two bytes (also part of the text) choose the cuts, the window size and the
    // locale whose segmenters get the thorough checks.
    let control = size > 0 ? bytes[0] : 0
    let choice = Int(size > 1 ? bytes[1] : 0)
    let windowSize = 16 + choice % 48
    let thoroughLocale = choice % localeNames.count

    // A Substring cut at Character boundaries…
    let characters = text.count
    let dropStart = min(Int(control & 3), characters)
    let dropEnd = min(Int((control >> 2) & 3), characters - dropStart)
    let byCharacter = text.dropFirst(dropStart).dropLast(dropEnd)
    // …and one cut at Unicode scalar boundaries (possibly inside a grapheme cluster).
    let scalars = text.unicodeScalars
    let scalarCount = scalars.count
    let scalarStart = min(Int((control >> 4) & 3), scalarCount)
    let scalarEnd = min(Int(control >> 6), scalarCount - scalarStart)
    let lowerIndex = scalars.index(scalars.startIndex, offsetBy: scalarStart)
    let upperIndex = scalars.index(scalars.endIndex, offsetBy: -scalarEnd)
    let byScalar = Substring(scalars[lowerIndex..<upperIndex])

    for (number, segmenter) in segmenters.enumerated() {
        let thorough = number % localeNames.count == thoroughLocale
        _ = check(segmenter, text, views: thorough, windowed: true, queries: thorough, windowSize: windowSize)
        guard thorough else { continue }
        for (what, substring) in [("Character", byCharacter), ("scalar", byScalar)] {
            let fromSubstring = check(segmenter, substring, views: true, queries: segmenter.unit == .grapheme,
                                      windowSize: windowSize)
            let fromCopy = check(segmenter, String(substring), windowSize: windowSize)
            expect(fromSubstring == fromCopy,
                   "\(name(segmenter)): Substring cut at \(what) boundaries gives \(fromSubstring), its copy \(fromCopy)")
        }
    }
    return 0
}

