internal import CICU

/// How many segments of a window end at or before a cut-off: what `icukit segment --format
/// count` needs of each window it reads (SPI).
@_spi(Internals) public struct SegmentCount: Sendable, Equatable {
    /// Segments ending at or before the cut-off (only word-like ones when asked).
    public var count = 0
    /// The UTF-8 end of the last segment ending at or before the cut-off (any kind), or 0.
    public var last = 0
    /// The UTF-8 end of the first segment ending after the cut-off and before the end of
    /// the bytes, if any.
    public var next: Int?
    /// Whether the segment ending at ``next`` would be counted (it is word-like, or all are).
    public var nextCounts = false

    /// No segment counted yet.
    public init() {}
}

extension Segmenter {
    /// Counts the segments of `bytes` (not yet known to be valid UTF-8) that end at or
    /// before the UTF-8 offset `cutoff`, as ``forEachBoundary(inUnvalidatedUTF8:_:)`` would
    /// report them, without mapping each boundary back to UTF-8: on the UTF-16 path the
    /// cut-off is turned into a UTF-16 offset once and only the last boundary before it (and
    /// the first after it) is mapped. Returns `nil` when the bytes are not valid UTF-8.
    ///
    /// (A count needs neither offsets nor, unless `wordLikeOnly`, kinds: mapping every
    /// boundary cost `segment --format count` 1.3–1.6x raw ICU's wall time on Arabic and
    /// English words and Arabic graphemes, whose C program only counts.)
    @_spi(Internals) public func countSegments(
        inUnvalidatedUTF8 bytes: UnsafeBufferPointer<UInt8>, through cutoff: Int, wordLikeOnly: Bool
    ) -> SegmentCount? {
        let unit = self.unit
        let utf16Path = unit == .grapheme ? !Self.isMostlyASCII(bytes) : Self.preferredPath(for: unit) == .utf16
        guard utf16Path, !bytes.isEmpty, bytes.count <= Self.maximumWindow else {
            var result = SegmentCount()
            let invalid = forEachBoundary(inUnvalidatedUTF8: bytes) { end, kind in
                if end <= cutoff {
                    if !wordLikeOnly || kind.isWordLike { result.count += 1 }
                    result.last = end
                } else if result.next == nil && end < bytes.count {
                    result.next = end
                    result.nextCounts = !wordLikeOnly || kind.isWordLike
                }
            }
            return invalid == nil ? result : nil
        }
        return pool.withIterator { entry -> SegmentCount? in
            guard let utf16 = entry.utf16IfValid(bytes) else { return nil }
            defer { entry.releaseUTF16() }
            ICU.ubrk_setText(entry.iterator, twin: entry.statusIterator, utf16)
            let cutoff16 = Self.utf16Length(ofWholeCharactersIn: bytes, upTo: cutoff)
            let iterator = entry.iterator
            var ruleStatus = RuleStatus(entry)
            var count = 0, last16: Int32 = 0, next16: Int32 = -1, nextCounts = false
            var boundary = ubrk_next(iterator)
            while boundary >= 0 {
                if boundary > cutoff16 {
                    if Int(boundary) < utf16.count {
                        next16 = boundary
                        nextCounts = !wordLikeOnly || Segment.Kind.from(ruleStatus: ruleStatus.at(boundary), unit: unit).isWordLike
                    }
                    break
                }
                if !wordLikeOnly || Segment.Kind.from(ruleStatus: ruleStatus.at(boundary), unit: unit).isWordLike { count &+= 1 }
                last16 = boundary
                boundary = ubrk_next(iterator)
            }
            var result = SegmentCount()
            result.count = count
            var walk = UTF8BlockWalk(bytes, utf16: utf16)
            result.last = walk.utf8Offset(ofUTF16: Int(last16))
            if next16 >= 0 {
                result.next = walk.utf8Offset(ofUTF16: Int(next16))
                result.nextCounts = nextCounts
            }
            return result
        }
    }

    /// The UTF-16 length of the whole characters of valid UTF-8 `bytes` that end at or
    /// before `cutoff` (a character cut by it is left out, so a boundary's UTF-16 offset is at
    /// most this exactly when its UTF-8 offset is at most `cutoff`).
    static func utf16Length(ofWholeCharactersIn bytes: UnsafeBufferPointer<UInt8>, upTo cutoff: Int) -> Int32 {
        var end = min(cutoff, bytes.count)
        while end > 0 && end < bytes.count && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        // One unit per lead byte, two for a 4-byte sequence's.
        var units = 0
        for byte in UnsafeBufferPointer(rebasing: bytes[..<end]) {
            units &+= (byte & 0xC0 != 0x80 ? 1 : 0) &+ (byte >= 0xF0 ? 1 : 0)
        }
        return Int32(truncatingIfNeeded: units)
    }
}
