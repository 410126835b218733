// Raw ICU text transforms: the floors for Normalizer, CaseMapper, Transliterator and
// ScalarProperties, as a C caller with UTF-8 text would write them (buffers reused,
// handles opened once). Not thread-safe: one instance per thread.
internal import RawCICU

/// `u_strFromUTF8` → `unorm2_normalize` → `u_strToUTF8`, the round trip a C caller with
/// UTF-8 text needs (ICU's C API has no UTF-8 normalizer).
public final class RawNormalizer: @unchecked Sendable {
    private let normalizer: OpaquePointer
    private var source: [UInt16] = []
    private var result: [UInt16] = []
    private var output: [CChar] = []

    /// `form`: "nfc", "nfd", "nfkc", "nfkd" or "nfkc_cf".
    public init(_ form: String) {
        var status = U_ZERO_ERROR
        let instance: OpaquePointer? = switch form {
        case "nfd": unorm2_getNFDInstance(&status)
        case "nfkc": unorm2_getNFKCInstance(&status)
        case "nfkd": unorm2_getNFKDInstance(&status)
        case "nfkc_cf": unorm2_getNFKCCasefoldInstance(&status)
        default: unorm2_getNFCInstance(&status)
        }
        normalizer = instance!
    }

    /// The normalized UTF-8 length.
    public func normalize(_ text: String) -> Int {
        var copy = text
        return copy.withUTF8 { bytes in
            if source.count < bytes.count + 1 { source = [UInt16](repeating: 0, count: bytes.count + 1) }
            if result.count < bytes.count * 3 + 16 { result = [UInt16](repeating: 0, count: bytes.count * 3 + 16) }
            if output.count < bytes.count * 4 + 16 { output = [CChar](repeating: 0, count: bytes.count * 4 + 16) }
            var status = U_ZERO_ERROR
            var length: Int32 = 0
            bytes.withMemoryRebound(to: CChar.self) { utf8 in
                _ = u_strFromUTF8(&source, Int32(source.count), &length, utf8.baseAddress, Int32(utf8.count), &status)
            }
            let normalized = unorm2_normalize(normalizer, source, length, &result, Int32(result.count), &status)
            var written: Int32 = 0
            _ = u_strToUTF8(&output, Int32(output.count), &written, result, normalized, &status)
            precondition(status <= U_ZERO_ERROR, "normalize failed")
            return Int(written)
        }
    }

    /// The normalized text as a `String`: what a Swift caller of the loop above must add
    /// (the standard library validates the UTF-8 and copies it).
    public func normalizedString(_ text: String) -> String {
        let length = normalize(text)
        return output.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UInt8.self) { String(decoding: $0[..<length], as: UTF8.self) }
        }
    }
}

/// `ucasemap_utf8To*` into a reused buffer, one `UCaseMap` per instance.
public final class RawCaseMapper: @unchecked Sendable {
    private let map: OpaquePointer
    private var output: [CChar] = []

    public init(locale: String, fold: Bool = false) {
        var status = U_ZERO_ERROR
        map = ucasemap_open(locale, 0, &status)!
    }

    deinit { ucasemap_close(map) }

    /// `operation`: 0 upper, 1 lower, 2 fold. The mapped UTF-8 length.
    public func map(_ text: String, _ operation: Int) -> Int {
        var copy = text
        return copy.withUTF8 { bytes in
            if output.count < bytes.count * 2 + 16 { output = [CChar](repeating: 0, count: bytes.count * 2 + 16) }
            var status = U_ZERO_ERROR
            let length = bytes.withMemoryRebound(to: CChar.self) { utf8 in
                switch operation {
                case 0: ucasemap_utf8ToUpper(map, &output, Int32(output.count), utf8.baseAddress, Int32(utf8.count), &status)
                case 1: ucasemap_utf8ToLower(map, &output, Int32(output.count), utf8.baseAddress, Int32(utf8.count), &status)
                default: ucasemap_utf8FoldCase(map, &output, Int32(output.count), utf8.baseAddress, Int32(utf8.count), &status)
                }
            }
            precondition(status <= U_ZERO_ERROR, "case mapping failed")
            return Int(length)
        }
    }

    /// The mapped text as a `String` (validated and copied by the standard library).
    public func mappedString(_ text: String, _ operation: Int) -> String {
        let length = map(text, operation)
        return output.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UInt8.self) { String(decoding: $0[..<length], as: UTF8.self) }
        }
    }
}

/// One `UTransliterator` opened once; per call `u_strFromUTF8` → `utrans_transUChars` →
/// `u_strToUTF8`.
public final class RawTransliterator: @unchecked Sendable {
    private let transliterator: OpaquePointer
    private let template: OpaquePointer?
    private var buffer: [UInt16] = []
    private var output: [CChar] = []

    /// With `clone`, the transliterator used is a `utrans_clone` of the one opened (as a
    /// pool of per-thread clones uses), the opened one kept alive beside it.
    public init(_ id: String, clone: Bool = false) {
        let units = Array(id.utf16)
        var status = U_ZERO_ERROR
        var parseError = CICU_UParseError()
        let opened = utrans_openU(units, Int32(units.count), UTRANS_FORWARD, nil, -1, &parseError, &status)!
        if clone {
            template = opened
            transliterator = utrans_clone(opened, &status)!
        } else {
            template = nil
            transliterator = opened
        }
    }

    deinit {
        utrans_close(transliterator)
        if let template { utrans_close(template) }
    }

    /// Opens and closes `id` once: the cost of a first use.
    public static func construct(_ id: String) {
        _ = RawTransliterator(id)
    }

    /// The transliterated UTF-8 length.
    public func transliterate(_ text: String) -> Int {
        var copy = text
        return copy.withUTF8 { bytes in
            let capacity = bytes.count * 4 + 64
            if buffer.count < capacity { buffer = [UInt16](repeating: 0, count: capacity) }
            if output.count < capacity * 3 { output = [CChar](repeating: 0, count: capacity * 3) }
            var status = U_ZERO_ERROR
            var length: Int32 = 0
            bytes.withMemoryRebound(to: CChar.self) { utf8 in
                _ = u_strFromUTF8(&buffer, Int32(buffer.count), &length, utf8.baseAddress, Int32(utf8.count), &status)
            }
            var limit = length
            utrans_transUChars(transliterator, &buffer, &length, Int32(buffer.count), 0, &limit, &status)
            var written: Int32 = 0
            _ = u_strToUTF8(&output, Int32(output.count), &written, buffer, length, &status)
            precondition(status <= U_ZERO_ERROR, "transliteration failed")
            return Int(written)
        }
    }
}

/// Name, general category and script of every code point (`u_charName`, `u_charType`,
/// `uscript_getScript`): the number of named code points.
public func rawWholeCodeSpace() -> Int {
    var named = 0
    var buffer = [CChar](repeating: 0, count: 128)
    var sum = 0
    for c in Int32(0)...0x10FFFF {
        var status = U_ZERO_ERROR
        if u_charName(c, U_UNICODE_CHAR_NAME, &buffer, 128, &status) > 0 { named += 1 }
        sum &+= Int(u_charType(c))
        sum &+= Int(uscript_getScript(c, &status))
    }
    return named &+ (sum & 1)
}
