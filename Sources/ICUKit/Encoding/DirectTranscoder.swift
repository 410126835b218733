internal import CICU

/// Bytes in one encoding to bytes in another inside ICU (`ucnv_convertEx`), for
/// `icukit convert`: no UTF-16 array or `String` in between, and ICU's direct paths where it
/// has them (a single- or multi-byte code page to UTF-8 and back skips the UTF-16 pivot).
///
/// Strict only, and only where a failed chunk can be converted again exactly by the
/// streaming decoder and encoder, which then say what failed and where
/// (``canTranscode(from:to:)``): the source keeps no state between chunks but the bytes of an
/// unfinished sequence (``pendingBytes``), and an unencodable character's offset in the
/// decoded text is its input offset (UTF-8 source) or cannot occur (Unicode target).
///
/// ```swift
/// let transcoder = try DirectTranscoder(from: TextConverter(encodingName: "windows-1251"), to: .utf8)
/// let ok = transcoder.convert(chunk, isFinal: true)   // transcoder.output: UTF-8 bytes
/// ```
///
/// Not thread-safe: one per stream. (SPI for the CLI.)
@_spi(Internals) public final class DirectTranscoder {
    private let sourcePool: ConverterPool
    private let targetPool: ConverterPool
    private let source: ConverterHandle
    private let target: ConverterHandle
    private let targetMaxCharSize: Int
    private let pivot: UnsafeMutablePointer<UInt16>
    private static let pivotCapacity = 8192
    private var pivotSource: UnsafeMutablePointer<UInt16>?
    private var pivotTarget: UnsafeMutablePointer<UInt16>?
    private var started = false
    private var buffer: UnsafeMutablePointer<UInt8>
    private var bufferCapacity = 0
    private var outputCount = 0
    /// The converted bytes of the last successful ``convert(_:isFinal:)`` (valid until the
    /// next call).
    public var output: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: buffer, count: outputCount) }
    /// After a successful ``convert(_:isFinal:)``: the last bytes of that chunk the source
    /// converter holds as an unfinished sequence (they belong before the next chunk when it
    /// is converted again to report an error).
    public private(set) var pendingBytes: [UInt8] = []

    /// Whether a strict conversion from `source` to `target` can go through this type.
    public static func canTranscode(from source: TextConverter, to target: TextConverter) -> Bool {
        guard case .icu(let from) = source.backend, case .icu(let to) = target.backend else { return false }
        let unicodeTargets: Set<String> = ["UTF-8", "UTF-16", "UTF-16BE", "UTF-16LE", "UTF-32", "UTF-32BE", "UTF-32LE"]
        let statelessSource = [UCNV_SBCS, UCNV_DBCS, UCNV_MBCS, UCNV_LATIN_1, UCNV_UTF8, UCNV_US_ASCII].contains(from.type)
        guard statelessSource else { return false }
        if unicodeTargets.contains(to.canonicalName) { return true }
        return from.type == UCNV_UTF8 && [UCNV_SBCS, UCNV_DBCS, UCNV_MBCS, UCNV_LATIN_1, UCNV_US_ASCII].contains(to.type)
    }

    /// A transcoder for a pair ``canTranscode(from:to:)`` accepts (`nil` otherwise).
    public init?(from source: TextConverter, to target: TextConverter) {
        guard Self.canTranscode(from: source, to: target),
              case .icu(let from) = source.backend, case .icu(let to) = target.backend else { return nil }
        sourcePool = from
        targetPool = to
        self.source = from.take()
        self.target = to.take()
        targetMaxCharSize = max(1, to.maxCharSize)
        pivot = .allocate(capacity: Self.pivotCapacity)
        buffer = .allocate(capacity: 1)
        pivotSource = pivot
        pivotTarget = pivot
    }

    deinit {
        sourcePool.give(source)
        targetPool.give(target)
        pivot.deallocate()
        buffer.deallocate()
    }

    /// Converts the next chunk into ``output``; pass `isFinal: true` with the last one.
    /// Returns `false` when ICU stopped on an invalid or unencodable sequence: nothing of
    /// this chunk is in ``output`` then, and the transcoder must not be used again.
    public func convert(_ chunk: UnsafeBufferPointer<UInt8>, isFinal: Bool) -> Bool {
        outputCount = 0
        let count = chunk.count
        // Each input byte makes at most one UTF-16 unit, each unit at most maxCharSize
        // bytes (more only through rare multi-character mappings: the buffer then grows).
        reserve(count * targetMaxCharSize + 64)
        var stop = ICU.ConversionStop.finished
        chunk.withMemoryRebound(to: CChar.self) { bytes in
            let start = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
            var from: UnsafePointer<CChar>? = start
            while true {
                let base = UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: CChar.self)
                var to: UnsafeMutablePointer<CChar>? = base + outputCount
                stop = ICU.ucnv_convertEx(target.converter, source.converter, &to, base + bufferCapacity, &from, start + count,
                                          pivot: pivot, &pivotSource, &pivotTarget, pivot + Self.pivotCapacity,
                                          reset: !started, flush: isFinal)
                started = true
                outputCount = to.map { $0 - base } ?? outputCount
                guard case .targetFull = stop else { break }
                reserve(bufferCapacity * 2)
            }
        }
        guard stop.isFinished else {
            outputCount = 0
            return false
        }
        let pending = isFinal ? 0 : (try? ICU.ucnv_toUCountPending(source.converter)).map { Int($0) } ?? 0
        pendingBytes = pending > 0 ? Array(chunk.suffix(pending)) : []
        return true
    }

    /// Grows the output buffer to at least `capacity` bytes, keeping what it holds.
    private func reserve(_ capacity: Int) {
        guard capacity > bufferCapacity else { return }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.update(from: buffer, count: outputCount)
        buffer.deallocate()
        buffer = grown
        bufferCapacity = capacity
    }
}
