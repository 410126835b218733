internal import CICU

/// Progress of a decode across calls (absolute byte offsets for errors).
struct DecodeState {
    var consumed = 0
    var replacements = 0
    /// A double-byte built-in code page's (Johab's) lead byte at the end of the last chunk.
    var pendingLead: UInt8? = nil
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
        ICU.ucnv_setToUCallBack(converter, unsafeBitCast(stopToUnicode, to: UnsafeMutableRawPointer.self))
        ICU.ucnv_setFromUCallBack(converter, unsafeBitCast(stopFromUnicode, to: UnsafeMutableRawPointer.self))
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
            let before = source
            let stop = ICU.ucnv_toUnicode(converter, &out, target + capacity, &source, sourceLimit, flush: flush)
            if let before, let source { state.consumed += source - before }
            if let out, out > target { sink(UnsafeBufferPointer(start: target, count: out - target)) }
            switch stop {
            case .finished:
                return
            case .targetFull:
                continue
            case .failure(let failure):
                ucnv_resetToUnicode(converter)
                throw .icu(failure.error)
            case .invalidInput(let truncated):
                var bad = (CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0),
                           CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0),
                           CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0),
                           CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0), CChar(0))
                let length = withUnsafeMutableBytes(of: &bad) {
                    ICU.ucnv_getInvalidChars(converter, into: $0.baseAddress!.assumingMemoryBound(to: CChar.self), capacity: 32)
                }
                let invalid = max(1, Int(length))
                if !lossy {
                    // Bytes of an earlier chunk that ICU took back to read again after the
                    // bad lead byte (a multi-byte prefix cut between two calls) were counted
                    // as consumed but lie after the error: take them off too (GB18030
                    // "81 30 | 81 20" is such a case).
                    let pending = (try? ICU.ucnv_toUCountPending(converter)).map { max(0, Int($0)) } ?? 0
                    let offset = max(0, state.consumed - invalid - pending)
                    ucnv_resetToUnicode(converter)
                    throw .invalidBytes(byteOffset: offset, length: invalid)
                }
                state.replacements += 1
                var replacement: UInt16 = 0xFFFD
                withUnsafePointer(to: &replacement) { sink(UnsafeBufferPointer(start: $0, count: 1)) }
                if truncated { return }
                continue
            }
        }
    }

    /// What each byte value decodes to alone (strict, flushed): its UTF-16 unit, or
    /// `UInt32.max` when the byte alone is invalid or unmapped or gives other than one
    /// unit. The decoder is reset.
    ///
    /// A stateless single-byte converter (ICU's SBCS, Latin-1 and US-ASCII types) decodes
    /// each byte the same wherever it stands, so all 256 bytes are decoded in one call, the
    /// output's offsets telling which byte gave which unit, and a byte that stops the
    /// decoder is skipped. Others decode each byte alone (256 calls: ~108,000 instructions
    /// per converter, a tenth of a cold `icukit detect` over its ~30 single-byte candidates).
    func singleByteUnits() -> [UInt32] {
        var table = [UInt32](repeating: .max, count: 256)
        let type = ucnv_getType(converter)
        if type == UCNV_SBCS || type == UCNV_LATIN_1 || type == UCNV_US_ASCII {
            decodeEachByteAtOnce(into: &table)
        } else {
            decodeEachByteAlone(into: &table)
        }
        ucnv_resetToUnicode(converter)
        return table
    }

    private func decodeEachByteAtOnce(into table: inout [UInt32]) {
        var bytes = [CChar](repeating: 0, count: 256)
        for value in 0..<256 { bytes[value] = CChar(bitPattern: UInt8(value)) }
        // Units per byte: a byte is kept only if it gave exactly one.
        var units = [UInt32](repeating: .max, count: 256)
        var counts = [UInt8](repeating: 0, count: 256)
        let capacity = 1024
        var target = [UInt16](repeating: 0, count: capacity)
        var offsets = [Int32](repeating: 0, count: capacity)
        bytes.withUnsafeBufferPointer { bytes in
            target.withUnsafeMutableBufferPointer { target in
                offsets.withUnsafeMutableBufferPointer { offsets in
                    let base = bytes.baseAddress!
                    let limit = base + 256
                    var start = base
                    ucnv_resetToUnicode(converter)
                    while start < limit {
                        var source: UnsafePointer<CChar>? = start
                        var out: UnsafeMutablePointer<UInt16>? = target.baseAddress
                        let stop = ICU.ucnv_toUnicode(converter, &out, target.baseAddress! + capacity, &source, limit,
                                                      offsets: offsets.baseAddress, flush: true)
                        let produced = out.map { $0 - target.baseAddress! } ?? 0
                        for index in 0..<produced {
                            let offset = Int(offsets[index])
                            guard offset >= 0 else { continue }
                            let byte = start - base + offset
                            counts[byte] &+= 1
                            units[byte] = UInt32(target[index])
                        }
                        let next = source ?? limit
                        if !stop.isFinished {
                            // The byte ICU stopped on (invalid or unmapped) gave nothing.
                            ucnv_resetToUnicode(converter)
                            start = next > start ? next : start + 1
                        } else {
                            start = next
                        }
                    }
                }
            }
        }
        for byte in 0..<256 where counts[byte] == 1 { table[byte] = units[byte] }
    }

    private func decodeEachByteAlone(into table: inout [UInt32]) {
        var target: (UInt16, UInt16, UInt16, UInt16) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &target) { raw in
            let units = raw.baseAddress!.assumingMemoryBound(to: UInt16.self)
            for value in 0..<256 {
                var byte = CChar(bitPattern: UInt8(value))
                ucnv_resetToUnicode(converter)
                var out: UnsafeMutablePointer<UInt16>? = units
                let stop = withUnsafePointer(to: &byte) { start in
                    var source: UnsafePointer<CChar>? = start
                    return ICU.ucnv_toUnicode(converter, &out, units + 4, &source, start + 1, flush: true)
                }
                if stop.isFinished, let out, out - units == 1 { table[value] = UInt32(units[0]) }
            }
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
            let before = source
            let stop = ICU.ucnv_fromUnicode(converter, &out, target + capacity, &source, sourceLimit, flush: flush)
            if let before, let source { state.consumed += source - before }
            emit(out)
            switch stop {
            case .finished:
                return
            case .targetFull:
                continue
            case .failure(let failure):
                ucnv_resetFromUnicode(converter)
                throw .icu(failure.error)
            case .invalidInput(let truncated):
                var bad: (UInt16, UInt16, UInt16, UInt16) = (0, 0, 0, 0)
                let length = withUnsafeMutableBytes(of: &bad) {
                    ICU.ucnv_getInvalidUChars(converter, into: $0.baseAddress!.assumingMemoryBound(to: UInt16.self), capacity: 4)
                }
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
                    _ = ICU.ucnv_fromUnicode(converter, &qout, target + capacity, &qs, q + 1, flush: false)
                    emit(qout)
                }
                if truncated { return }
                continue
            }
        }
    }
}

/// The opened template converter of one encoding and the pool of its clones.
///
/// `Sendable` notes: the template is never used to convert, only cloned (`ucnv_clone`
/// reads it); each clone is used by one caller at a time (``ICUPool``).
final class ConverterPool: @unchecked Sendable {
    let canonicalName: String
    let preferredName: String
    let maxCharSize: Int
    let type: Int32
    private let template: ICUHandle
    private let pool: ICUPool<ConverterHandle>

    private init(template opened: OpaquePointer) throws(TextConversionError) {
        let template = ICUHandle(opened) { ucnv_close($0) }
        self.template = template
        let canonical = (try? ICU.ucnv_getName(opened)) ?? "?"
        canonicalName = canonical
        preferredName = Self.preferredName(canonical)
        maxCharSize = Int(ucnv_getMaxCharSize(opened))
        type = ucnv_getType(opened)
        pool = try TextConversionError.wrapping { () throws(ICUError) in
            try ICUPool(capacity: 8) { () throws(ICUError) in
                ConverterHandle(try ICU.ucnv_clone(template.pointer))
            }
        }
    }

    /// MIME name, else IANA, else WINDOWS, else ICU's own.
    static func preferredName(_ canonical: String) -> String {
        if canonical.hasPrefix("windows-874") { return "windows-874" }
        for standard in ["MIME", "IANA", "WINDOWS"] {
            if let text = try? ICU.ucnv_getStandardName(canonical, standard) {
                if standard == "IANA" && (text.contains(":") || text.hasPrefix("Extended_")) { continue }
                return text
            }
        }
        return canonical
    }

    /// A converter for one caller (reset: no state from a previous use).
    func take() -> ConverterHandle { pool.checkOut() }

    func give(_ handle: ConverterHandle) {
        handle.resetDecoder()
        handle.resetEncoder()
        pool.checkIn(handle)
    }

    /// Per name as given and per canonical name.
    private static let cache = ConfigurationCache<String, ConverterPool>(limit: 512)

    /// The pool for `name` (cached per name as given and per canonical name).
    static func shared(for name: String) throws(TextConversionError) -> ConverterPool {
        try cache.value(for: name) { () throws(TextConversionError) -> ConverterPool in
            guard !name.isEmpty, name.utf8.count < 100, !name.utf8.contains(0) else { throw .unknownEncoding(name) }
            let converter: OpaquePointer
            do {
                converter = try ICU.ucnv_open(name)
            } catch {
                throw .unknownEncoding(name)
            }
            // A warning means ICU used an alias; fine. Aliases share the canonical pool.
            let fresh = try ConverterPool(template: converter)
            if fresh.canonicalName == name { return fresh }
            return cache.value(for: fresh.canonicalName) { fresh }
        }
    }
}
