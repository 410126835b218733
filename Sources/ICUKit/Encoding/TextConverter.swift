internal import CICU
import Synchronization

/// The encodings capability's error: a failure converting between bytes in a character
/// encoding and Unicode text, or detecting the encoding.
///
/// ```swift
/// do { _ = try TextConverter(encodingName: "UTF-8").decode([0x61, 0xFF]) }
/// catch TextConversionError.invalidBytes(let offset, _) { print(offset) }  // 1
/// ```
public enum TextConversionError: ICUKitError {
    /// ICU has no converter of this name (nor alias).
    case unknownEncoding(String)
    /// The bytes at `byteOffset` (the first of `length` bytes) are not a valid or mapped
    /// sequence of the encoding; a sequence cut off by the end of the input counts too.
    case invalidBytes(byteOffset: Int, length: Int)
    /// The character at `utf8Offset` (a UTF-8 byte offset into the string) has no
    /// mapping in the target encoding.
    case unencodable(utf8Offset: Int, scalar: Unicode.Scalar)
    /// No allowed encoding decodes the bytes without replacement, and lossy decoding is
    /// not acceptable (``EncodingDetector/decode(_:)``). `byteOffset` is where the best
    /// candidate, `encoding`, fails.
    case undecodable(encoding: String, byteOffset: Int)
    /// An ICU failure other than the above.
    case icu(ICUError)

    public var description: String {
        switch self {
        case .unknownEncoding(let name): "unknown encoding name '\(name)'"
        case .invalidBytes(let offset, let length):
            "invalid or unmapped byte sequence at byte offset \(offset) (\(length) byte\(length == 1 ? "" : "s"))"
        case .unencodable(let offset, let scalar):
            "U+\(String(scalar.value, radix: 16, uppercase: true)) at byte offset \(offset) cannot be encoded"
        case .undecodable(let encoding, let offset):
            "no allowed encoding decodes the input (best: \(encoding), invalid at byte offset \(offset))"
        case .icu(let error): error.description
        }
    }
}

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

    /// ICU's converters, and the few single-byte code pages ICU 72 lacks (``ExtraCodePage``).
    enum Backend: Sendable {
        case icu(ConverterPool)
        case table(ExtraCodePage)
    }

    /// Opens the converter for `encodingName` (any ICU alias: `latin1`, `cp1252`,
    /// `sjis`, `euc-jp`, `gbk`, `UTF-16LE`, `ibm-866`, …). Two single-byte code pages that
    /// ICU 72's data lacks, ISO-8859-16 and VISCII, convert through built-in tables.
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
            case .table(let page): try page.decode(input, lossy: lossy, state: &state, sink)
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
    ///   character the encoding cannot represent (unless `lossy`).
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

extension TextConverter {
    /// Decodes chunk by chunk; see ``TextConverter/makeDecoder(lossy:)``. Not thread-safe:
    /// use one per stream. Error offsets are exact, except for BOCU-1 and SCSU, where an
    /// invalid sequence split between two chunks may be reported a few bytes later.
    public final class StreamingDecoder {
        let backend: Backend
        let handle: Decoding
        let lossy: Bool
        var state = DecodeState()
        /// Bytes of a code unit (or surrogate pair) split at the end of the last chunk (UTF-16/32 only).
        var carry: [UInt8] = []
        let unitSize: Int
        let canonicalName: String
        var littleEndian: Bool? = nil

        init(backend: Backend, lossy: Bool) {
            self.backend = backend
            switch backend {
            case .icu(let pool): canonicalName = pool.canonicalName
            case .table(let page): canonicalName = page.name
            }
            if case .icu(let pool) = backend {
                let name = pool.canonicalName.uppercased()
                unitSize = name.hasPrefix("UTF-32") ? 4 : name.hasPrefix("UTF-16") || name.hasPrefix("UTF16") ? 2 : 1
            } else {
                unitSize = 1
            }
            switch backend {
            case .icu(let pool): handle = .icu(pool.take())
            case .table(let page): handle = .table(page)
            }
            self.lossy = lossy
        }

        deinit { if case .icu(let pool) = backend, case .icu(let converter) = handle { pool.give(converter) } }

        /// Bytes consumed so far.
        public var byteOffset: Int { state.consumed }
        /// Whether a sequence has been replaced with U+FFFD so far.
        public var usedLossy: Bool { state.replacements > 0 }

        /// Decodes the next chunk; pass `isFinal: true` with the last one (possibly empty)
        /// so that a sequence cut off at the end is reported.
        ///
        /// ```swift
        /// let decoder = TextConverter.utf8.makeDecoder()
        /// try decoder.decode([0xC3])                     // ""
        /// try decoder.decode([0xA9], isFinal: true)      // "é"
        /// ```
        /// - Throws: ``TextConversionError/invalidBytes(byteOffset:length:)`` with the
        ///   offset counted from the start of the stream (unless lossy).
        ///
        /// The corresponding C function is `ucnv_toUnicode`.
        public func decode<Bytes: Collection<UInt8>>(_ chunk: Bytes, isFinal: Bool = false) throws(TextConversionError) -> String {
            var copy = carry + Array(chunk)
            carry = []
            if unitSize > 1 && !isFinal && copy.count % unitSize != 0 {
                // Hand ICU whole code units only: with a unit split between two calls, ICU's
                // UTF-16 converter reports an error after it one byte late (found by EncodingFuzz).
                carry = Array(copy.suffix(copy.count % unitSize))
                copy.removeLast(carry.count)
            }
            if unitSize == 2 && !isFinal {
                // Nor a pair split after its high surrogate (ICU then reports an error in
                // the next unit one byte late too).
                if littleEndian == nil, copy.count >= 2 {
                    littleEndian = canonicalName.uppercased().contains("LE") || (copy[0] == 0xFF && copy[1] == 0xFE)
                }
                if let littleEndian, copy.count >= 2 {
                    let a = UInt16(copy[copy.count - 2]), b = UInt16(copy[copy.count - 1])
                    let unit = littleEndian ? a | b << 8 : a << 8 | b
                    if unit >= 0xD800 && unit <= 0xDBFF {
                        carry = Array(copy.suffix(2)) + carry
                        copy.removeLast(2)
                    }
                }
            }
            var units: [UInt16] = []
            units.reserveCapacity(copy.count + 4)
            var state = self.state
            let handle = self.handle, lossy = self.lossy
            let result = copy.withUnsafeBytes { buffer in
                Result { () throws(TextConversionError) in
                    try handle.decode(buffer, flush: isFinal, lossy: lossy, state: &state) { units.append(contentsOf: $0) }
                }
            }
            self.state = state
            try result.get()
            if isFinal { handle.reset() }
            return UTF16Transcoding.string(units)
        }
    }

    /// Encodes piece by piece; see ``TextConverter/makeEncoder(lossy:)``. Not thread-safe.
    public final class StreamingEncoder {
        let backend: Backend
        let handle: Decoding
        let lossy: Bool
        var state = EncodeState()

        init(backend: Backend, lossy: Bool) {
            self.backend = backend
            switch backend {
            case .icu(let pool): handle = .icu(pool.take())
            case .table(let page): handle = .table(page)
            }
            self.lossy = lossy
        }

        deinit { if case .icu(let pool) = backend, case .icu(let converter) = handle { pool.give(converter) } }

        /// Whether a character has been replaced with a substitute so far.
        public var usedLossy: Bool { state.replacements > 0 }

        /// Encodes the next piece of text; pass `isFinal: true` with the last one so that
        /// stateful encodings (ISO-2022-JP) return to their initial state.
        ///
        /// ```swift
        /// let encoder = try TextConverter(encodingName: "windows-1252").makeEncoder()
        /// try encoder.encode("€", isFinal: true)   // [0x80]
        /// ```
        /// - Throws: ``TextConversionError/unencodable(utf8Offset:scalar:)`` with the
        ///   offset counted in this piece (unless lossy).
        ///
        /// The corresponding C function is `ucnv_fromUnicode`.
        public func encode(_ text: String, isFinal: Bool = false) throws(TextConversionError) -> [UInt8] {
            let base = state.consumed
            let units = Array(text.utf16)
            var output: [UInt8] = []
            output.reserveCapacity(units.count + 8)
            var state = self.state
            let handle = self.handle, lossy = self.lossy
            let result = units.withUnsafeBufferPointer { buffer in
                Result { () throws(TextConversionError) in
                    try handle.encode(buffer, flush: isFinal, lossy: lossy, state: &state) { output.append(contentsOf: $0) }
                }
            }
            self.state = state
            if case .failure(let error) = result { throw TextConverter.mapUnencodable(error, in: text, utf16Base: base) }
            return output
        }
    }
}

/// Progress of a decode across calls (absolute byte offsets for errors).
struct DecodeState {
    var consumed = 0
    var replacements = 0
}

/// Progress of an encode across calls.
struct EncodeState {
    var consumed = 0
    var replacements = 0
}

/// The "stop" callbacks (ICU's `UCNV_TO_U_CALLBACK_STOP` does nothing either): the
/// converter returns with the error code ICU set, and ICUKit decides what to do.
private let stopToUnicode: @convention(c) (UnsafeRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, Int32, Int32, UnsafeMutablePointer<Int32>?) -> Void = { _, _, _, _, _, _ in }
private let stopFromUnicode: @convention(c) (UnsafeRawPointer?, OpaquePointer?, UnsafePointer<UInt16>?, Int32, Int32, Int32, UnsafeMutablePointer<Int32>?) -> Void = { _, _, _, _, _, _, _ in }

/// One `UConverter`, strict (stop callbacks in both directions).
///
/// `Sendable` notes: used by one thread at a time (taken from and returned to a
/// ``ConverterPool`` under its mutex).
final class ConverterHandle: @unchecked Sendable {
    let converter: OpaquePointer

    init(_ converter: OpaquePointer) {
        self.converter = converter
        var status = U_ZERO_ERROR
        ucnv_setToUCallBack(converter, unsafeBitCast(stopToUnicode, to: UnsafeMutableRawPointer.self), nil, nil, nil, &status)
        ucnv_setFromUCallBack(converter, unsafeBitCast(stopFromUnicode, to: UnsafeMutableRawPointer.self), nil, nil, nil, &status)
    }

    deinit { ucnv_close(converter) }

    func resetDecoder() { ucnv_resetToUnicode(converter) }
    func resetEncoder() { ucnv_resetFromUnicode(converter) }

    /// Decodes `input` in bounded steps, passing each piece of UTF-16 to `sink`.
    func decode(
        _ input: UnsafeRawBufferPointer, flush: Bool, lossy: Bool, state: inout DecodeState,
        _ sink: (UnsafeBufferPointer<UInt16>) -> Void
    ) throws(TextConversionError) {
        let capacity = 8192
        let target = UnsafeMutablePointer<UInt16>.allocate(capacity: capacity)
        defer { target.deallocate() }
        let base = input.baseAddress?.assumingMemoryBound(to: CChar.self)
        var source = base
        let sourceLimit = base.map { $0 + input.count }
        while true {
            var out: UnsafeMutablePointer<UInt16>? = target
            var status = U_ZERO_ERROR
            let before = source
            ucnv_toUnicode(converter, &out, target + capacity, &source, sourceLimit, nil, flush ? 1 : 0, &status)
            if let before, let source { state.consumed += source - before }
            if let out, out > target { sink(UnsafeBufferPointer(start: target, count: out - target)) }
            if status == U_BUFFER_OVERFLOW_ERROR { continue }
            if status == U_INVALID_CHAR_FOUND || status == U_ILLEGAL_CHAR_FOUND || status == U_TRUNCATED_CHAR_FOUND
                || status == U_ILLEGAL_ESCAPE_SEQUENCE || status == U_UNSUPPORTED_ESCAPE_SEQUENCE {
                var bad = (CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0),
                           CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0),
                           CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0),
                           CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0))
                var length: Int8 = 32
                var inner = U_ZERO_ERROR
                withUnsafeMutableBytes(of: &bad) { ucnv_getInvalidChars(converter, $0.baseAddress!.assumingMemoryBound(to: CChar.self), &length, &inner) }
                let invalid = max(1, Int(length))
                if !lossy {
                    let offset = max(0, state.consumed - invalid)
                    ucnv_resetToUnicode(converter)
                    throw .invalidBytes(byteOffset: offset, length: invalid)
                }
                state.replacements += 1
                var replacement: UInt16 = 0xFFFD
                withUnsafePointer(to: &replacement) { sink(UnsafeBufferPointer(start: $0, count: 1)) }
                if status == U_TRUNCATED_CHAR_FOUND { return }
                continue
            }
            if status.isFailure {
                ucnv_resetToUnicode(converter)
                throw .icu(ICUError(status, operation: "ucnv_toUnicode"))
            }
            return
        }
    }

    /// Encodes `input` (UTF-16) in bounded steps, passing each piece of bytes to `sink`.
    func encode(
        _ input: UnsafeBufferPointer<UInt16>, flush: Bool, lossy: Bool, state: inout EncodeState,
        _ sink: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(TextConversionError) {
        let capacity = 16384
        let target = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
        defer { target.deallocate() }
        let base = input.baseAddress
        var source = base
        let sourceLimit = base.map { $0 + input.count }
        func emit(_ out: UnsafeMutablePointer<CChar>?) {
            if let out, out > target {
                UnsafeRawPointer(target).withMemoryRebound(to: UInt8.self, capacity: out - target) {
                    sink(UnsafeBufferPointer(start: $0, count: out - target))
                }
            }
        }
        while true {
            var out: UnsafeMutablePointer<CChar>? = target
            var status = U_ZERO_ERROR
            let before = source
            ucnv_fromUnicode(converter, &out, target + capacity, &source, sourceLimit, nil, flush ? 1 : 0, &status)
            if let before, let source { state.consumed += source - before }
            emit(out)
            if status == U_BUFFER_OVERFLOW_ERROR { continue }
            if status == U_INVALID_CHAR_FOUND || status == U_ILLEGAL_CHAR_FOUND || status == U_TRUNCATED_CHAR_FOUND {
                var bad: (UInt16, UInt16, UInt16, UInt16) = (0, 0, 0, 0)
                var length: Int8 = 4
                var inner = U_ZERO_ERROR
                withUnsafeMutableBytes(of: &bad) { ucnv_getInvalidUChars(converter, $0.baseAddress!.assumingMemoryBound(to: UInt16.self), &length, &inner) }
                let units = [bad.0, bad.1, bad.2, bad.3].prefix(max(1, Int(length)))
                let scalar = String(decoding: units, as: UTF16.self).unicodeScalars.first ?? "\u{FFFD}"
                if !lossy {
                    let offset = max(0, state.consumed - units.count)
                    ucnv_resetFromUnicode(converter)
                    throw .unencodable(utf8Offset: offset, scalar: scalar)
                }
                state.replacements += 1
                // The substitute: `?` through the same converter (keeps stateful encodings consistent).
                var question: UInt16 = 0x3F
                withUnsafePointer(to: &question) { q in
                    var qs: UnsafePointer<UInt16>? = q
                    var qout: UnsafeMutablePointer<CChar>? = target
                    var qstatus = U_ZERO_ERROR
                    ucnv_fromUnicode(converter, &qout, target + capacity, &qs, q + 1, nil, 0, &qstatus)
                    emit(qout)
                }
                if status == U_TRUNCATED_CHAR_FOUND { return }
                continue
            }
            if status.isFailure {
                ucnv_resetFromUnicode(converter)
                throw .icu(ICUError(status, operation: "ucnv_fromUnicode"))
            }
            return
        }
    }
}

/// An opened template converter and a few clones for concurrent callers.
///
/// `Sendable` notes: the template is only cloned (under the mutex); each clone is used
/// by one caller at a time.
final class ConverterPool: @unchecked Sendable {
    let canonicalName: String
    let preferredName: String
    let maxCharSize: Int
    let type: Int32
    private let template: OpaquePointer
    private let spare = Mutex<[ConverterHandle]>([])

    private init(template: OpaquePointer) {
        self.template = template
        var status = U_ZERO_ERROR
        let canonical = ucnv_getName(template, &status).map { String(cString: $0) } ?? "?"
        canonicalName = canonical
        preferredName = Self.preferredName(canonical)
        maxCharSize = Int(ucnv_getMaxCharSize(template))
        type = ucnv_getType(template)
    }

    deinit { ucnv_close(template) }

    /// MIME name, else IANA, else WINDOWS, else ICU's own.
    static func preferredName(_ canonical: String) -> String {
        if canonical.hasPrefix("windows-874") { return "windows-874" }
        for standard in ["MIME", "IANA", "WINDOWS"] {
            var status = U_ZERO_ERROR
            if let name = ucnv_getStandardName(canonical, standard, &status), !status.isFailure {
                let text = String(cString: name)
                if standard == "IANA" && (text.contains(":") || text.hasPrefix("Extended_")) { continue }
                return text
            }
        }
        return canonical
    }

    func take() -> ConverterHandle {
        if let handle = spare.withLock({ $0.popLast() }) { return handle }
        var status = U_ZERO_ERROR
        let clone = spare.withLock { _ in ucnv_clone(template, &status) }
        guard let clone, !status.isFailure else { fatalError("ucnv_clone failed: \(status)") }
        return ConverterHandle(clone)
    }

    func give(_ handle: ConverterHandle) {
        handle.resetDecoder()
        handle.resetEncoder()
        spare.withLock { if $0.count < 8 { $0.append(handle) } }
    }

    private static let cache = Mutex<[String: ConverterPool]>([:])

    /// The pool for `name` (cached per name as given and per canonical name).
    static func shared(for name: String) throws(TextConversionError) -> ConverterPool {
        if let pool = cache.withLock({ $0[name] }) { return pool }
        guard !name.isEmpty, name.utf8.count < 100, !name.utf8.contains(0) else { throw .unknownEncoding(name) }
        var status = U_ZERO_ERROR
        guard let converter = ucnv_open(name, &status), !status.isFailure else { throw .unknownEncoding(name) }
        // ICU falls back to nothing here, but a warning means it used an alias; fine.
        let fresh = ConverterPool(template: converter)
        return cache.withLock { cache in
            if let existing = cache[fresh.canonicalName] { cache[name] = existing; return existing }
            cache[fresh.canonicalName] = fresh
            cache[name] = fresh
            if cache.count > 512 { cache.removeAll(); cache[name] = fresh }
            return fresh
        }
    }
}

