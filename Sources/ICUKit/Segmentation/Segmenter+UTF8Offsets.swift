/// A forward map from increasing UTF-16 offsets of a text to its UTF-8 offsets.
protocol UTF16ToUTF8Offsets {
    mutating func utf8Offset(ofUTF16 target: Int) -> Int
}

/// The map for all-ASCII text: the offsets are equal.
struct ASCIIOffsets: UTF16ToUTF8Offsets {
    @inline(__always)
    func utf8Offset(ofUTF16 target: Int) -> Int { target }
}

extension UTF8Walk: UTF16ToUTF8Offsets {}
extension UTF8BlockWalk: UTF16ToUTF8Offsets {}

/// Maps increasing UTF-16 offsets of valid UTF-8 text back to UTF-8 offsets in one forward
/// walk, one step per character by its lead byte. The walk keeps the UTF-8 offset and the
/// bytes beyond one per UTF-16 unit so far, so an ASCII character costs one compare and one
/// increment (the loop runs while the offset is below the target plus that excess).
/// (Under callgrind, counting eight bytes at a time by popcount is slower, since the
/// baseline x86-64 target has no POPCNT, and so is skipping ASCII runs eight bytes at a
/// time: the extra test costs more per character than it saves. For steps that are mostly
/// long, ``UTF8BlockWalk``.)
struct UTF8Walk {
    private let bytes: UnsafePointer<UInt8>
    fileprivate let allASCII: Bool
    fileprivate private(set) var utf8 = 0
    /// UTF-8 bytes beyond one per UTF-16 unit, up to `utf8`.
    private var excess = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, allASCII: Bool) {
        self.bytes = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
        self.allASCII = allASCII
    }

    /// The UTF-16 offset the walk has reached.
    fileprivate var utf16: Int { utf8 &- excess }

    /// Moves the walk to a character boundary found another way.
    fileprivate mutating func move(utf8: Int, utf16: Int) {
        self.utf8 = utf8
        excess = utf8 &- utf16
    }

    @inline(__always)
    mutating func utf8Offset(ofUTF16 target: Int) -> Int {
        if allASCII { return target }
        var offset = utf8
        var limit = target &+ excess
        while offset < limit {
            let lead = bytes[offset]
            if lead < 0x80 {
                offset &+= 1
            } else if lead < 0xE0 {
                offset &+= 2; limit &+= 1
            } else if lead < 0xF0 {
                offset &+= 3; limit &+= 2
            } else {
                offset &+= 4; limit &+= 2
            }
        }
        utf8 = offset
        excess = limit &- target
        return offset
    }
}

/// ``UTF8Walk`` for steps that are mostly long (the distance between two search matches, a
/// count's whole window, a sentence): a step of 16 UTF-16 units or more first sums the UTF-8
/// lengths of whole blocks of eight units of the UTF-16 copy ICU read, eight at a time
/// (`SIMD8<UInt16>`: a unit adds 1, plus 1 from U+0080, plus 1 from U+0800 unless it is a
/// surrogate, so a pair adds 4); the rest goes one character at a time by its lead byte.
/// Measured with callgrind (BENCHMARKS.md): per unit the blocks cost ~1 instruction against
/// the character walk's ~10. `forEachBoundary` takes it for sentences
/// only (5–7% fewer instructions on non-Latin text): words and line breaks, whose steps are
/// short, keep ``UTF8Walk``. A branch-free sum per unit for short steps is slower than
/// the character walk.
struct UTF8BlockWalk {
    private var walk: UTF8Walk
    private let units: UnsafePointer<UInt16>

    /// A walk over `bytes` (valid UTF-8) and `units`, their UTF-16 form.
    init(_ bytes: UnsafeBufferPointer<UInt8>, utf16 units: UnsafeBufferPointer<UInt16>) {
        walk = UTF8Walk(bytes, allASCII: units.count == bytes.count)
        self.units = units.baseAddress ?? UnsafePointer(bitPattern: MemoryLayout<UInt16>.alignment)!
    }

    @inline(__always)
    mutating func utf8Offset(ofUTF16 target: Int) -> Int {
        if !walk.allASCII && target &- walk.utf16 >= 16 {
            let (utf8, utf16) = Self.skipBlocks(units, utf8: walk.utf8, utf16: walk.utf16, upTo: target)
            walk.move(utf8: utf8, utf16: utf16)
        }
        return walk.utf8Offset(ofUTF16: target)
    }

    /// The positions after the whole blocks of eight units before `target`, backed off one
    /// unit when the last block ends inside a surrogate pair (the character walk takes the
    /// pair). (Static, on values: a mutating call would keep the walk's state in memory.)
    @inline(never)
    private static func skipBlocks(_ units: UnsafePointer<UInt16>, utf8: Int, utf16: Int, upTo target: Int) -> (Int, Int) {
        let blocks = (target &- utf16) >> 3
        var utf8 = utf8 &+ (blocks << 3) &+ extraBytes(units + utf16, blocks: blocks)
        var utf16 = utf16 &+ (blocks << 3)
        if UTF16.isLeadSurrogate(units[utf16 &- 1]) {
            utf16 &-= 1
            utf8 &-= 2
        }
        return (utf8, utf16)
    }

    /// The UTF-8 bytes beyond one per unit of `blocks` × 8 UTF-16 units from `start`.
    static func extraBytes(_ start: UnsafePointer<UInt16>, blocks: Int) -> Int {
        var total = 0
        var pointer = UnsafeRawPointer(start)
        var remaining = blocks
        let zero = SIMD8<UInt16>(repeating: 0)
        let surrogateBits = SIMD8<UInt16>(repeating: 0xF800), surrogate = SIMD8<UInt16>(repeating: 0xD800)
        // 1 in each lane that is not zero, else 0. (Arithmetic only: the standard library's
        // SIMD comparisons compile lane by lane here, which is slower than the walk.)
        @inline(__always) func nonzero(_ x: SIMD8<UInt16>) -> SIMD8<UInt16> { (x | (zero &- x)) &>> 15 }
        while remaining > 0 {
            // Each lane gains at most 2 per block: 16,384 blocks stay below 65,536.
            let chunk = min(remaining, 16_384)
            var sums = zero
            for _ in 0..<chunk {
                let block = pointer.loadUnaligned(as: SIMD8<UInt16>.self)
                sums &+= nonzero(block &>> 7)
                sums &+= nonzero(block &>> 11) & nonzero((block & surrogateBits) ^ surrogate)
                pointer += 16
            }
            for lane in 0..<8 { total &+= Int(sums[lane]) }
            remaining &-= chunk
        }
        return total
    }
}
