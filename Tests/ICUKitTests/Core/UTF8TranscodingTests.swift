@testable import ICUKit
import Testing

/// `UTF8Transcoding`, the segmentation paths' UTF-8 → UTF-16 copy, against the standard
/// library: the same units as `String.utf16` for valid text, and the same verdict as
/// `String(validating:as:)` (Unicode's well-formedness, which ICU's `u_strFromUTF8` also
/// applies) on every two-byte sequence, every three- and four-byte lead with its second
/// byte, and random hostile bytes; alone and between ASCII, so that both of its loops see
/// each one.
@Suite("UTF-8 to UTF-16 transcoding")
struct UTF8TranscodingTests {
    static func transcode(_ bytes: [UInt8], knownValid: Bool = false) -> [UInt16]? {
        bytes.withUnsafeBufferPointer { bytes -> [UInt16]? in
            let units = UnsafeMutablePointer<UInt16>.allocate(capacity: max(bytes.count, 1))
            defer { units.deallocate() }
            let written = knownValid
                ? UTF8Transcoding.utf16(validUTF8: bytes, into: units) : UTF8Transcoding.utf16(bytes, into: units)
            guard let count = written else { return nil }
            #expect(count <= bytes.count)
            return Array(UnsafeBufferPointer(start: units, count: count))
        }
    }

    static func expected(_ bytes: [UInt8]) -> [UInt16]? {
        String(validating: bytes, as: UTF8.self).map { Array($0.utf16) }
    }

    @Test("valid text of every UTF-8 length, ASCII runs at every alignment, gives String.utf16")
    func validText() {
        let pieces = ["a", "\u{0}", "\u{7F}", "é", "\u{80}", "\u{7FF}", "ж", "ह", "中", "\u{800}", "\u{D7FF}",
                      "\u{E000}", "\u{FFFF}", "😀", "\u{10000}", "\u{10FFFF}", "hello, world", "0123456789abcdef"]
        var generator = SplitMix(state: 0x7E57)
        for round in 0..<2000 {
            var text = ""
            for _ in 0..<Int(generator.next() % (round < 1000 ? 12 : 200)) {
                text += pieces[Int(generator.next() % UInt64(pieces.count))]
            }
            let bytes = Array(text.utf8)
            #expect(Self.transcode(bytes) == Array(text.utf16), "round \(round): \(bytes)")
            #expect(Self.transcode(bytes, knownValid: true) == Array(text.utf16), "round \(round): \(bytes)")
        }
    }

    /// `bytes` alone (the tail loop) and between ASCII (the eight-bytes-ahead loop).
    static func checkInContexts(_ bytes: [UInt8]) {
        let ascii = Array("abcdefgh".utf8)
        for candidate in [bytes, bytes + ascii, ascii.prefix(3) + bytes + ascii] {
            let got = Self.transcode(candidate)
            if got != Self.expected(candidate) { Issue.record("\(candidate): \(String(describing: got))") }
        }
    }

    @Test("every one- and two-byte sequence, every three-byte lead and second byte, alone and between ASCII, get the standard library's verdict")
    func shortSequences() {
        for b0 in 0...0xFF {
            Self.checkInContexts([UInt8(b0)])
            for b1 in 0...0xFF { Self.checkInContexts([UInt8(b0), UInt8(b1)]) }
        }
        for b0 in 0xE0...0xEF {
            for b1 in 0...0xFF {
                // The third byte only has to be a continuation byte: its edges, and outside them.
                for b2 in [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xE0, 0xFF] {
                    Self.checkInContexts([UInt8(b0), UInt8(b1), UInt8(b2)])
                }
            }
        }
    }

    @Test("every four-byte lead with every second byte, and continuation bytes in and out of range")
    func fourByteSequences() {
        for b0 in 0xF0...0xFF {
            for b1 in 0...0xFF {
                for (b2, b3) in [(0x80, 0x80), (0xBF, 0xBF), (0x41, 0x80), (0x80, 0xC0), (0x90, 0x7F)] {
                    let four = [UInt8(b0), UInt8(b1), UInt8(b2), UInt8(b3)]
                    Self.checkInContexts(four)
                    Self.checkInContexts(Array(four.prefix(3)))
                }
            }
        }
    }

    @Test("random hostile bytes: valid sequences cut, spliced and mixed with stray bytes")
    func hostileBytes() {
        let valid = Array("aé中😀 हिन्दी ASCII-run-of-text".utf8)
        let stray: [UInt8] = [0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0xA0, 0x00]
        var generator = SplitMix(state: 0xBAD)
        for round in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(generator.next() % 40) {
                switch generator.next() % 4 {
                case 0: bytes.append(stray[Int(generator.next() % UInt64(stray.count))])
                case 1: bytes.append(UInt8(truncatingIfNeeded: generator.next()))
                default:
                    let start = Int(generator.next() % UInt64(valid.count))
                    let end = min(valid.count, start + Int(generator.next() % 12))
                    bytes += valid[start..<end]
                }
            }
            if Self.transcode(bytes) != Self.expected(bytes) { Issue.record("round \(round): \(bytes)") }
            // Known-valid conversion of invalid bytes: unspecified units, but within bounds.
            _ = Self.transcode(bytes, knownValid: true)
        }
    }
}
