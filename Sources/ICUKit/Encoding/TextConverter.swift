internal import CICU

/// Converts between bytes in one character encoding and Swift strings, with ICU's
/// converters (`ucnv`): every encoding ICU knows, by any of its aliases.
///
/// Strict by default: an invalid or unmapped byte sequence throws
/// ``TextConversionError/invalidBytes(byteOffset:length:)`` with the offset of its first
/// byte. With `lossy: true` each such sequence becomes U+FFFD (decoding) or `?`
/// (encoding) instead. Large inputs convert in bounded memory through
/// ``makeDecoder(lossy:)`` / ``makeEncoder(lossy:)``.
///
/// ```swift
/// let cp1251 = try TextConverter(encodingName: "cp1251")
/// cp1251.name                                    // "windows-1251"
/// try cp1251.decode([0xCF, 0xF0, 0xE8])          // "При"
/// try cp1251.encode("При")                       // [0xCF, 0xF0, 0xE8]
/// ```
/// The corresponding C functions are `ucnv_open`, `ucnv_toUnicode` and `ucnv_fromUnicode`.
public struct TextConverter: Sendable {
    /// ICU's internal (canonical) converter name, such as `ibm-5347_P100-1998`.
    public let canonicalName: String
    /// The encoding's preferred name: MIME, else IANA, else ICU's (`windows-1251`, `Shift_JIS`).
    public let name: String
    let backend: Backend

    /// ICU's converters, and the few code pages ICU 72 lacks (``ExtraCodePage``).
    enum Backend: Sendable {
        case icu(ConverterPool)
        case table(ExtraCodePage)
    }

    /// Opens the converter for `encodingName` (any ICU alias: `latin1`, `cp1252`,
    /// `sjis`, `euc-jp`, `gbk`, `UTF-16LE`, `ibm-866`, …). Three code pages that ICU 72's
    /// data lacks, ISO-8859-16, VISCII and Johab (Korean), convert with built-in tables.
    ///
    /// ```swift
    /// let sjis = try TextConverter(encodingName: "sjis")   // name: "Shift_JIS"
    /// ```
    /// - Throws: ``TextConversionError/unknownEncoding(_:)`` when ICU has no such converter.
    ///
    /// The corresponding C function is `ucnv_open`.
    public init(encodingName: String) throws(TextConversionError) {
        do {
            let pool = try ConverterPool.shared(for: encodingName)
            backend = .icu(pool)
            canonicalName = pool.canonicalName
            name = pool.preferredName
        } catch {
            guard let page = ExtraCodePage.named(encodingName) else { throw error }
            backend = .table(page)
            canonicalName = page.name
            name = page.name
        }
    }

    /// Decodes with the backend: ICU through a pooled converter, or a built-in table.
    func withDecoder<R>(_ body: (Decoding) throws(TextConversionError) -> R) throws(TextConversionError) -> R {
        switch backend {
        case .icu(let pool):
            let handle = pool.take()
            defer { pool.give(handle) }
            return try body(.icu(handle))
        case .table(let page):
            return try body(.table(page))
        }
    }

    /// One decoding or encoding engine in use.
    enum Decoding {
        case icu(ConverterHandle)
        case table(ExtraCodePage)

        func decode(_ input: UnsafeRawBufferPointer, flush: Bool, lossy: Bool, state: inout DecodeState,
                    _ sink: (UnsafeBufferPointer<UInt16>) -> Void) throws(TextConversionError) {
            switch self {
            case .icu(let handle): try handle.decode(input, flush: flush, lossy: lossy, state: &state, sink)
            case .table(let page): try page.decode(input, flush: flush, lossy: lossy, state: &state, sink)
            }
        }

        func encode(_ input: UnsafeBufferPointer<UInt16>, flush: Bool, lossy: Bool, state: inout EncodeState,
                    _ sink: (UnsafeBufferPointer<UInt8>) -> Void) throws(TextConversionError) {
            switch self {
            case .icu(let handle): try handle.encode(input, flush: flush, lossy: lossy, state: &state, sink)
            case .table(let page): try page.encode(input, lossy: lossy, state: &state, sink)
            }
        }

        func reset() {
            if case .icu(let handle) = self { handle.resetDecoder(); handle.resetEncoder() }
        }
    }

    /// What each byte value decodes to alone (strict): its UTF-16 code unit, or
    /// `UInt32.max` when the byte alone is invalid or unmapped or decodes to other than one
    /// unit — the single-byte view the encoding detector scores with. The same answers as
    /// `decode([byte])` per byte, without a string per byte.
    ///
    /// ```swift
    /// try TextConverter(encodingName: "windows-1251").singleByteUnits()[0xC0]  // 0x0410 (А)
    /// ```
    @_spi(Internals) public func singleByteUnits() -> [UInt32] {
        switch backend {
        case .icu(let pool):
            let handle = pool.take()
            defer { pool.give(handle) }
            return handle.singleByteUnits()
        case .table(let page):
            return page.decodeTable  // BMP-only, UInt32.max where unmapped
        }
    }

    /// Decodes `bytes` into a string.
    ///
    /// ```swift
    /// try TextConverter(encodingName: "latin1").decode([0x63, 0x61, 0x66, 0xE9])  // "café"
    /// ```
    /// - Parameters:
    ///   - bytes: The encoded bytes.
    ///   - lossy: Replace each invalid or unmapped sequence with U+FFFD instead of throwing.
    /// - Throws: ``TextConversionError/invalidBytes(byteOffset:length:)`` for the first bad
    ///   sequence (unless `lossy`).
    ///
    /// The corresponding C function is `ucnv_toUnicode`.
    public func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes, lossy: Bool = false) throws(TextConversionError) -> String {
        try decodeReportingLoss(bytes, lossy: lossy).text
    }

    /// Decodes `bytes` and tells whether any sequence had to be replaced with U+FFFD.
    ///
    /// ```swift
    /// let (text, usedLossy) = try TextConverter(encodingName: "UTF-8").decodeReportingLoss([0x61, 0xFF], lossy: true)
    /// // ("a\u{FFFD}", true)
    /// ```
    /// The corresponding C function is `ucnv_toUnicode`.
    public func decodeReportingLoss<Bytes: Collection<UInt8>>(_ bytes: Bytes, lossy: Bool) throws(TextConversionError) -> (text: String, usedLossy: Bool) {
        let result: Result<(String, Bool), TextConversionError>? = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(TextConversionError) in try decodeBuffer(UnsafeRawBufferPointer(buffer), lossy: lossy) }
        }
        if let result { return try result.get() }
        let copy = Array(bytes)
        return try copy.withUnsafeBytes { buffer in
            Result { () throws(TextConversionError) in try decodeBuffer(buffer, lossy: lossy) }
        }.get()
    }

    func decodeBuffer(_ buffer: UnsafeRawBufferPointer, lossy: Bool) throws(TextConversionError) -> (String, Bool) {
        try withDecoder { (engine) throws(TextConversionError) in
            var state = DecodeState()
            var units: [UInt16] = []
            units.reserveCapacity(buffer.count + 8)
            try engine.decode(buffer, flush: true, lossy: lossy, state: &state) { units.append(contentsOf: $0) }
            return (UTF16Transcoding.string(units), state.replacements > 0)
        }
    }

    /// Whether `bytes` decode without any invalid or unmapped sequence.
    ///
    /// ```swift
    /// TextConverter.utf8.isValid([0xC3, 0xA9])   // true
    /// ```
    /// The corresponding C function is `ucnv_toUnicode`.
    public func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            do {
                try withDecoder { (engine) throws(TextConversionError) in
                    var state = DecodeState()
                    try engine.decode(buffer, flush: true, lossy: false, state: &state) { _ in }
                }
            } catch { return false }
            return true
        }
    }

    /// Encodes `string` into this encoding.
    ///
    /// ```swift
    /// try TextConverter(encodingName: "koi8-r").encode("Мир")   // [0xED, 0xC9, 0xD2]
    /// ```
    /// - Parameters:
    ///   - string: The text to encode.
    ///   - lossy: Replace each character the encoding lacks with its substitute (`?`
    ///     where the encoding has one) instead of throwing.
    /// - Throws: ``TextConversionError/unencodable(utf8Offset:scalar:)`` for the first
    ///   character the encoding cannot represent (unless `lossy`), default-ignorable ones
    ///   included: ICU's own callbacks (and `uconv`) drop an unmappable U+200D, U+00AD or
    ///   variation selector without a word, ICUKit reports it (`lossy`: `?`).
    ///
    /// The corresponding C function is `ucnv_fromUnicode`.
    public func encode(_ string: String, lossy: Bool = false) throws(TextConversionError) -> [UInt8] {
        try withDecoder { (handle) throws(TextConversionError) in try encode(string, lossy: lossy, with: handle) }
    }

    func encode(_ string: String, lossy: Bool, with handle: Decoding) throws(TextConversionError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(string.utf8.count + 8)
        var state = EncodeState()
        let units = Array(string.utf16)
        let result = units.withUnsafeBufferPointer { buffer in
            Result { () throws(TextConversionError) in
                try handle.encode(buffer, flush: true, lossy: lossy, state: &state) { output.append(contentsOf: $0) }
            }
        }
        if case .failure(let error) = result { throw Self.mapUnencodable(error, in: string, utf16Base: 0) }
        return output
    }

    /// Maps a UTF-16 offset in an `.unencodable` error to the string's UTF-8 offset.
    static func mapUnencodable(_ error: TextConversionError, in string: String, utf16Base: Int) -> TextConversionError {
        guard case .unencodable(let utf16Offset, let scalar) = error else { return error }
        let local = max(0, min(utf16Offset - utf16Base, string.utf16.count))
        let index = string.utf16.index(string.utf16.startIndex, offsetBy: local)
        return .unencodable(utf8Offset: string.utf8.distance(from: string.utf8.startIndex, to: index), scalar: scalar)
    }

    /// A decoder for input that arrives in chunks (a large file, a socket): memory stays
    /// bounded by the chunk size, and a sequence split between two chunks decodes whole.
    ///
    /// ```swift
    /// let decoder = try TextConverter(encodingName: "Shift_JIS").makeDecoder()
    /// var text = try decoder.decode(firstChunk)
    /// text += try decoder.decode(lastChunk, isFinal: true)
    /// ```
    /// The corresponding C function is `ucnv_toUnicode`.
    public func makeDecoder(lossy: Bool = false) -> StreamingDecoder {
        StreamingDecoder(backend: backend, lossy: lossy)
    }

    /// An encoder for text that arrives in pieces; see ``makeDecoder(lossy:)``.
    ///
    /// ```swift
    /// let encoder = try TextConverter(encodingName: "ISO-2022-JP").makeEncoder()
    /// var bytes = try encoder.encode("日本")
    /// bytes += try encoder.encode("語", isFinal: true)   // ends with ESC ( B
    /// ```
    /// The corresponding C function is `ucnv_fromUnicode`.
    public func makeEncoder(lossy: Bool = false) -> StreamingEncoder {
        StreamingEncoder(backend: backend, lossy: lossy)
    }

    /// UTF-8.
    public static let utf8: TextConverter = try! TextConverter(encodingName: "UTF-8")

    /// Every converter name ICU has (canonical names; each also has aliases).
    ///
    /// ```swift
    /// TextConverter.availableEncodings.contains("UTF-8")   // true
    /// ```
    /// The corresponding C function is `ucnv_getAvailableName`.
    public static var availableEncodings: [String] {
        (0..<ucnv_countAvailable()).compactMap { ucnv_getAvailableName($0).map { String(cString: $0) } }
    }
}
