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
        pending.append(contentsOf: bytes)
        let engine = try Normalizer.engine(form)
        let cut = pending.withUnsafeBufferPointer { engine.lastBoundary(in: $0) }
        guard cut > 0 else { return "" }
        let output = try emit(pending[..<cut], engine: engine)
        consumed += cut
        pending.removeFirst(cut)
        return output
    }

    /// Normalizes and returns what is left; the stream is empty afterwards.
    ///
    /// ```swift
    /// var stream = Normalizer.nfc.makeStream()
    /// _ = try stream.normalize(Array("A".utf8))
    /// try stream.finish()  // "A"
    /// ```
    public mutating func finish() throws(TextTransformError) -> String {
        let engine = try Normalizer.engine(form)
        let output = try emit(pending[...], engine: engine)
        consumed += pending.count
        pending.removeAll()
        return output
    }

    private func emit(_ bytes: ArraySlice<UInt8>, engine: NormalizationEngine) throws(TextTransformError) -> String {
        let text: String
        if let valid = String(validating: bytes, as: UTF8.self) {
            text = valid
        } else if lossy {
            text = String(decoding: bytes, as: UTF8.self)
        } else {
            let offset = UTF8Decoding.firstInvalidOffset(in: bytes) ?? 0
            throw .invalidUTF8(InvalidUTF8Error(byteOffset: consumed + offset))
        }
        return try Normalizer(form).normalize(text)
    }
}
