internal import CICU

/// One `UIDNA` per options value, opened on first use and kept for the process.
///
/// `Sendable` notes: uidna.h says "The instance is thread-safe, that is, it can be used
/// concurrently"; every processing function takes a `const UIDNA *`.
final class IDNAHandle: @unchecked Sendable {
    let pointer: OpaquePointer

    private static let cache = ConfigurationCache<UInt32, IDNAHandle>(limit: 64)

    static func handle(_ options: UInt32) throws(IdentifierError) -> IDNAHandle {
        try cache.value(for: options) { () throws(IdentifierError) in
            IDNAHandle(try IdentifierError.wrapping { () throws(ICUError) in try ICU.uidna_openUTS46(options) })
        }
    }

    private init(_ pointer: OpaquePointer) { self.pointer = pointer }

    deinit { uidna_close(pointer) }

    /// ICU's Punycode refuses to encode a label of over 1,000 UTF-16 code units or to
    /// decode an `xn--` label of over 2,000 (which fails the whole call): the longest label
    /// and the limit it broke. Labels are measured after UTS #46 mapping (which toUnicode's
    /// output shows; U+FDFA alone maps to 18 characters) when toUnicode can give it, else
    /// in the input.
    func punycodeLimitError(_ bytes: UnsafeBufferPointer<UInt8>, _ operation: IDNA.Operation) -> InputTooLongError {
        let unit = "UTF-16 code units in one label (ICU's Punycode limit)"
        func longest(_ text: String) -> (units: Int, isACE: Bool) {
            var longest = 0, isACE = false
            for label in text.split(whereSeparator: { $0 == "." || $0 == "\u{3002}" || $0 == "\u{FF0E}" || $0 == "\u{FF61}" }) {
                let units = label.utf16.count
                if units > longest { longest = units; isACE = label.lowercased().hasPrefix("xn--") }
            }
            return (longest, isACE)
        }
        if operation == .nameToASCII || operation == .labelToASCII,
           let mapped = try? run(bytes, operation == .nameToASCII ? .nameToUnicode : .labelToUnicode) {
            let (units, _) = longest(mapped.output)
            if units > 1000 { return InputTooLongError(length: units, limit: 1000, unit: unit) }
        }
        let (units, isACE) = longest(String(decoding: bytes, as: UTF8.self))
        return InputTooLongError(length: units, limit: isACE ? 2000 : 1000, unit: unit)
    }

    /// Runs one of ICU's four UTF-8 functions into a stack buffer (or, past it, straight into
    /// the result string's storage); retries once with the exact size when the first buffer is short.
    func run(_ bytes: UnsafeBufferPointer<UInt8>, _ operation: IDNA.Operation) throws(IdentifierError) -> IDNA.Result {
        guard bytes.count <= Int(Int32.max) else {
            throw .inputTooLong(InputTooLongError(length: bytes.count, limit: Int(Int32.max), unit: "UTF-8 bytes"))
        }
        let idna = pointer
        let source = UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self)
        let length = Int32(bytes.count)
        // Most outputs are about as long as the input (Punycode adds "xn--" and a few
        // bytes per label): a stack buffer of twice the input first (names are short, and a
        // `String` of up to 15 bytes then needs no allocation at all), the exact size when
        // that is short. (No closure here captures a `var`: a captured variable
        // would be boxed on the heap, once per call.)
        let guess = min(bytes.count * 2 + 64, Int(Int32.max))
        let first: (output: String?, needed: Int32, status: ICU.IDNAStatus, info: CICU_UIDNAInfo) =
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: guess) { buffer in
                var info = Self.emptyInfo
                let (needed, status) = ICU.uidna_UTF8(operation, idna, source, length, buffer.baseAddress!, Int32(buffer.count), &info)
                guard status == .success, Int(needed) <= buffer.count else { return (nil, needed, status, info) }
                return (String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress!, count: Int(needed)), as: UTF8.self), needed, status, info)
            }
        var output = first.output, status = first.status, info = first.info
        if output == nil, status == .bufferOverflow {
            let exact = Int(first.needed)
            var retryInfo = Self.emptyInfo, retryStatus = ICU.IDNAStatus.success
            output = String(unsafeUninitializedCapacity: max(exact, 1)) { buffer in
                let needed: Int32
                (needed, retryStatus) = buffer.withMemoryRebound(to: CChar.self) { destination in
                    ICU.uidna_UTF8(operation, idna, source, length, destination.baseAddress!, Int32(destination.count), &retryInfo)
                }
                return retryStatus == .success ? min(Int(needed), buffer.count) : 0
            }
            status = retryStatus
            info = retryInfo
        }
        switch status {
        case .success: break
        case .inputTooLong: throw .inputTooLong(punycodeLimitError(bytes, operation))
        case .bufferOverflow: throw .icu(ICU.IDNAStatus.bufferOverflowError(operation))
        case .failure(let error): throw .icu(error)
        }
        return IDNA.Result(output: output ?? "", errors: IDNA.Errors(rawValue: info.errors), isTransitionalDifferent: info.isTransitionalDifferent != 0)
    }

    static let emptyInfo = CICU_UIDNAInfo(size: Int16(MemoryLayout<CICU_UIDNAInfo>.size), isTransitionalDifferent: 0, reservedB3: 0, errors: 0, reservedI2: 0, reservedI3: 0)
}
