// Raw ICU bidi: the floor for BidiParagraph and Bidi.visualString.
internal import RawCICU

/// One `UBiDi` and one UTF-16 buffer, reused for every text (never opened per call).
/// Not thread-safe: one instance per thread.
public final class RawBidi: @unchecked Sendable {
    private let bidi: OpaquePointer
    private var utf16: UnsafeMutablePointer<UInt16>
    private var output: UnsafeMutablePointer<UInt16>
    private var capacity: Int

    public init() {
        guard let opened = ubidi_open() else { fatalError("ubidi_open failed") }
        bidi = opened
        capacity = 1024
        utf16 = .allocate(capacity: capacity)
        output = .allocate(capacity: capacity)
    }

    deinit {
        ubidi_close(bidi)
        utf16.deallocate()
        output.deallocate()
    }

    /// `u_strFromUTF8` (timed) + `ubidi_setPara` (auto direction); the UTF-16 length.
    private func analyse(_ text: String) -> Int32 {
        var copy = text
        return copy.withUTF8 { bytes in
            if bytes.count > capacity {
                utf16.deallocate()
                output.deallocate()
                capacity = bytes.count
                utf16 = .allocate(capacity: capacity)
                output = .allocate(capacity: capacity)
            }
            var length: Int32 = 0
            var status = U_ZERO_ERROR
            bytes.withMemoryRebound(to: CChar.self) {
                _ = u_strFromUTF8(utf16, Int32(capacity), &length, $0.baseAddress, Int32($0.count), &status)
            }
            ubidi_setPara(bidi, utf16, length, UInt8(UBIDI_DEFAULT_LTR), nil, &status)
            precondition(status <= U_ZERO_ERROR, "ubidi_setPara failed")
            return length
        }
    }

    /// Levels and visual runs: `ubidi_getLevels`, then `ubidi_getVisualRun` for each run.
    /// Returns the number of runs plus the sum of their levels (consumed by the caller).
    public func runs(_ text: String) -> Int {
        let length = analyse(text)
        if length == 0 { return 0 }
        var status = U_ZERO_ERROR
        let levels = ubidi_getLevels(bidi, &status)!
        let count = ubidi_countRuns(bidi, &status)
        var sum = Int(count)
        for run in 0..<count {
            var start: Int32 = 0
            var runLength: Int32 = 0
            _ = ubidi_getVisualRun(bidi, run, &start, &runLength)
            sum &+= Int(levels[Int(start)])
        }
        return sum
    }

    /// The reordered text: `ubidi_writeReordered` with mirroring, then back to a `String`.
    public func reorder(_ text: String) -> String {
        let length = analyse(text)
        if length == 0 { return "" }
        var status = U_ZERO_ERROR
        let written = ubidi_writeReordered(bidi, output, Int32(capacity), UInt16(UBIDI_KEEP_BASE_COMBINING | UBIDI_DO_MIRRORING), &status)
        precondition(status <= U_ZERO_ERROR, "ubidi_writeReordered failed")
        return String(decoding: UnsafeBufferPointer(start: output, count: Int(written)), as: UTF16.self)
    }
}
