import Testing
import ICUKit

/// ICU's offsets are `Int32`: a text past 2 GiB is segmented in windows, with nothing
/// truncated and no boundary lost or invented at the window seams.
@Suite("Inputs past ICU's Int32 limit")
struct LargeInputTests {
    @Test("a 2.1 GB text: every sentence boundary, none invented at the window seam")
    func pastInt32() throws {
        let sentence = "Word " + String(repeating: "word ", count: 198) + "end. "  // 1,000 bytes
        let count = Int(Int32.max) / 1000 + 1_000                      // ≈ 2.148 GB
        let text = String(repeating: sentence, count: count)
        let length = text.utf8.count
        #expect(length > Int(Int32.max))
        let segmenter = try Segmenter(.sentence)
        var boundaries = 0
        var misplaced = 0
        var last = 0
        segmenter.forEachBoundary(in: text) { offset, kind in
            boundaries += 1
            if offset % 1000 != 0 || offset != last + 1000 || kind != .terminator { misplaced += 1 }
            last = offset
        }
        #expect(boundaries == count)
        #expect(misplaced == 0)
        #expect(last == length)
        // Queries past the limit see the text around them. (Only small values go into
        // #expect: a failure must not print the 2 GB text.)
        let index = text.utf8.index(text.startIndex, offsetBy: 2_147_484_000)
        let isBoundary = segmenter.isBoundary(index, in: text)
        let notBoundary = segmenter.isBoundary(text.utf8.index(index, offsetBy: 500), in: text)
        let next = segmenter.boundary(after: index, in: text).map { text.utf8.distance(from: text.startIndex, to: $0) }
        let previous = segmenter.boundary(before: index, in: text).map { text.utf8.distance(from: text.startIndex, to: $0) }
        #expect(isBoundary && !notBoundary)
        #expect(next == 2_147_485_000)
        #expect(previous == 2_147_483_000)
    }
}
