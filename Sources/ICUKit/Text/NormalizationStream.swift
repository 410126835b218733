/// Normalizes UTF-8 that arrives in chunks (a file of any size) in bounded memory.
///
/// Each call normalizes and returns everything up to the last normalization boundary
/// (`unorm2_hasBoundaryBefore`) seen so far, and keeps the rest (usually a few bytes)
/// for the next call, so the output equals normalizing the whole input at once, wherever
/// the chunks are cut (even inside a UTF-8 sequence).
///
/// ```swift
/// var stream = Normalizer.nfc.makeStream()
/// var output = try stream.normalize(Array("Ame".utf8))
/// output += try stream.normalize([0xCC, 0x81, 0x6C])   // U+0301 and "l"
/// output += try stream.finish()                        // "Amél"
/// ```
///
/// Memory stays bounded by the chunk size plus the longest run without a boundary
/// (in real text, one character and its combining marks).
public struct NormalizationStream: Sendable {
    /// The form this stream produces.
    public let form: Normalizer.Form
    /// Whether invalid UTF-8 becomes U+FFFD (otherwise it throws).
    public let lossy: Bool
    private var pending: [UInt8] = []
    /// Bytes already consumed before `pending` (for error offsets).
    private var consumed = 0

    init(form: Normalizer.Form, lossy: Bool) {
        self.form = form
        self.lossy = lossy
    }

    /// Adds `bytes` and returns the normalized text that is now final.
    ///
    /// ```swift
    /// var stream = Normalizer.nfd.makeStream()
    /// let part = try stream.normalize(Array("é".utf8))  // "" or a prefix; the rest comes later
    /// ```
    /// - Throws: ``TextTransformError/invalidUTF8(_:)`` with the offset from the start of
    ///   the stream (unless `lossy`).
    public mutating func normalize<Bytes: Collection>(_ bytes: Bytes) throws(TextTransformError) -> String where Bytes.Element == UInt8 {
        var output: [UInt8] = []
        let done: Result<Void, TextTransformError>? = bytes.withContiguousStorageIfAvailable { buffer in
            do throws(TextTransformError) {
                return .success(try normalize(utf8: buffer) { output.append(contentsOf: $0) })
            } catch { return .failure(error) }
        }
        if let done {
            try done.get()
        } else {
            try Array(bytes).withUnsafeBufferPointer { (buffer) throws(TextTransformError) in
                try normalize(utf8: buffer) { output.append(contentsOf: $0) }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Normalizes and returns what is left; the stream is empty afterwards.
    ///
    /// ```swift
    /// var stream = Normalizer.nfc.makeStream()
    /// _ = try stream.normalize(Array("A".utf8))
    /// try stream.finish()  // "A"
    /// ```
    public mutating func finish() throws(TextTransformError) -> String {
        var output: [UInt8] = []
        try finish { output.append(contentsOf: $0) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Adds `bytes` and passes the normalized UTF-8 that is now final to `body`, in one or
    /// more pieces, without making a `String`: a piece that is already normalized is passed
    /// as the input's own bytes. Nothing is passed when the bytes that are final hold
    /// invalid UTF-8 (unless `lossy`).
    ///
    /// ```swift
    /// var stream = Normalizer.nfc.makeStream()
    /// var out: [UInt8] = []
    /// try [UInt8]("Ame\u{301}lie".utf8).withUnsafeBufferPointer { bytes in
    ///     try stream.normalize(utf8: bytes) { out += $0 }
    /// }
    /// try stream.finish { out += $0 }  // out: the UTF-8 of "Amélie"
    /// ```
    /// - Throws: ``TextTransformError/invalidUTF8(_:)`` with the offset from the start of
    ///   the stream (unless `lossy`).
    public mutating func normalize(utf8 bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) throws(TextTransformError) {
        let engine = try Normalizer.engine(form)
        var rest = bytes
        var joined: [UInt8] = []
        var joinedCut = 0
        if !pending.isEmpty {
            // The bytes kept from the last call, joined with the start of these up to a
            // boundary there; the rest of these is then read in place. When there is no
            // boundary that close (a long run of marks), everything is joined.
            let head = min(bytes.count, Self.joinLimit)
            joined = pending
            joined.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<head]))
            joinedCut = joined.withUnsafeBufferPointer { engine.lastBoundary(in: $0) }
            if head < bytes.count && joinedCut >= pending.count {
                rest = UnsafeBufferPointer(rebasing: bytes[(joinedCut - pending.count)...])
            } else {
                if head < bytes.count {
                    joined.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[head...]))
                    joinedCut = joined.withUnsafeBufferPointer { engine.lastBoundary(in: $0) }
                }
                rest = UnsafeBufferPointer(start: nil, count: 0)
            }
        }
        let cut = rest.isEmpty ? 0 : engine.lastBoundary(in: rest)
        try joined.withUnsafeBufferPointer { (joined) throws(TextTransformError) in
            let first = UnsafeBufferPointer(rebasing: joined[..<joinedCut])
            let second = UnsafeBufferPointer(rebasing: rest[..<cut])
            // Both are checked before either is passed on: output stops where it did for
            // the text as one piece.
            let firstValid = try validate(first, at: consumed)
            let secondValid = try validate(second, at: consumed + first.count)
            try emit(first, valid: firstValid, engine: engine, body)
            try emit(second, valid: secondValid, engine: engine, body)
        }
        consumed += joinedCut + cut
        if rest.isEmpty {
            joined.removeFirst(joinedCut)
            pending = joined
        } else {
            pending = Array(UnsafeBufferPointer(rebasing: rest[cut...]))
        }
    }

    /// Normalizes what is left and passes it to `body`; the stream is empty afterwards.
    ///
    /// ```swift
    /// var stream = Normalizer.nfc.makeStream()
    /// try stream.finish { _ in }  // nothing was added: `body` gets nothing
    /// ```
    public mutating func finish(_ body: (UnsafeBufferPointer<UInt8>) -> Void) throws(TextTransformError) {
        let engine = try Normalizer.engine(form)
        try pending.withUnsafeBufferPointer { (bytes) throws(TextTransformError) in
            let valid = try validate(bytes, at: consumed)
            try emit(bytes, valid: valid, engine: engine, body)
        }
        consumed += pending.count
        pending.removeAll()
    }

    /// The bytes of the last call joined with the start of the next at most (a boundary
    /// is almost always a few bytes in).
    static let joinLimit = 64

    /// Whether `bytes` are valid UTF-8; invalid ones throw unless `lossy`.
    private func validate(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) throws(TextTransformError) -> Bool {
        guard let invalid = UTF8Decoding.firstInvalidOffset(inContiguous: bytes) else { return true }
        if lossy { return false }
        throw .invalidUTF8(InvalidUTF8Error(byteOffset: offset + invalid))
    }

    private func emit(_ bytes: UnsafeBufferPointer<UInt8>, valid: Bool, engine: NormalizationEngine,
                      _ body: (UnsafeBufferPointer<UInt8>) -> Void) throws(TextTransformError) {
        guard !bytes.isEmpty else { return }
        guard valid else {
            // Repaired (each ill-formed sequence becomes U+FFFD), then normalized.
            var text = try Normalizer(form).normalize(String(decoding: bytes, as: UTF8.self))
            text.withUTF8 { body($0) }
            return
        }
        var out = NormalizedOutput()
        defer { out.deallocate() }
        try engine.normalize(bytes, into: &out)
        if out.isAllocated { out.withBytes(body) } else { body(bytes) }
    }
}
