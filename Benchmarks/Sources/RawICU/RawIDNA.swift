// Raw ICU IDNA: the floor for IDNA.toASCII / toUnicode.
internal import RawCICU

/// One `UIDNA` (nontransitional, CheckBidi, CheckJoiners: ICUKit's defaults) and one
/// reused output buffer; each call is `uidna_nameToASCII_UTF8` (or `…ToUnicodeUTF8`) on the
/// name's UTF-8, then a `String` of the output, as a caller of the C API would need.
/// Not thread-safe (the buffer): one instance per thread.
public final class RawIDNA: @unchecked Sendable {
    private let idna: OpaquePointer
    private var buffer: UnsafeMutablePointer<CChar>
    private var capacity: Int

    public init() {
        var status = U_ZERO_ERROR
        let options = UInt32(UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE | UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ)
        guard let opened = uidna_openUTS46(options, &status), status <= U_ZERO_ERROR else { fatalError("uidna_openUTS46 failed") }
        idna = opened
        capacity = 1024
        buffer = .allocate(capacity: capacity)
    }

    deinit {
        uidna_close(idna)
        buffer.deallocate()
    }

    /// The ASCII form; returns its length plus the error bits (consumed by the caller).
    public func toASCII(_ name: String) -> Int { run(name, ascii: true) }

    /// The Unicode form; returns its length plus the error bits.
    public func toUnicode(_ name: String) -> Int { run(name, ascii: false) }

    private func run(_ name: String, ascii: Bool) -> Int {
        var copy = name
        return copy.withUTF8 { bytes in
            var info = CICU_UIDNAInfo(size: Int16(MemoryLayout<CICU_UIDNAInfo>.size), isTransitionalDifferent: 0, reservedB3: 0, errors: 0, reservedI2: 0, reservedI3: 0)
            var status = U_ZERO_ERROR
            let length = bytes.withMemoryRebound(to: CChar.self) { source in
                ascii
                    ? uidna_nameToASCII_UTF8(idna, source.baseAddress, Int32(source.count), buffer, Int32(capacity), &info, &status)
                    : uidna_nameToUnicodeUTF8(idna, source.baseAddress, Int32(source.count), buffer, Int32(capacity), &info, &status)
            }
            precondition(status <= U_ZERO_ERROR, "uidna failed")
            let output = String(decoding: UnsafeRawBufferPointer(start: buffer, count: Int(length)), as: UTF8.self)
            return output.utf8.count + Int(info.errors)
        }
    }
}
