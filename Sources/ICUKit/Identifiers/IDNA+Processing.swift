internal import CICU

/// The processing behind ``IDNA``'s public functions: the ASCII fast path for names that
/// UTS #46 leaves unchanged, and ICU for every other name.
extension IDNA {
    /// One of ICU's four UTS #46 functions.
    enum Operation {
        case nameToASCII, nameToUnicode, labelToASCII, labelToUnicode
        var isLabel: Bool { self == .labelToASCII || self == .labelToUnicode }
    }

    func processChecked<Bytes: Collection>(_ input: Bytes, _ operation: Operation) throws(IdentifierError) -> Result where Bytes.Element == UInt8 {
        if let offset = UTF8Decoding.firstInvalidOffset(in: input) {
            throw .invalidUTF8(InvalidUTF8Error(byteOffset: offset))
        }
        let result: Swift.Result<Result, IdentifierError>? = input.withContiguousStorageIfAvailable { bytes in
            do throws(IdentifierError) { return .success(try process(bytes, operation)) } catch { return .failure(error) }
        }
        if let result { return try result.get() }
        let copy = Array(input)
        return try copy.withUnsafeBufferPointer { (bytes) throws(IdentifierError) in try process(bytes, operation) }
    }

    /// A `String`'s UTF-8 through the fast path (which returns the string itself: no copy,
    /// no allocation) or ICU.
    @inline(__always)
    func process(string: String, _ operation: Operation) throws(IdentifierError) -> Result {
        var text = string  // withUTF8 makes a bridged string contiguous; native ones as they are
        let handle = self.handle
        let result: Swift.Result<Result, IdentifierError> = text.withUTF8 { bytes in
            if Self.isValidLowercaseLDH(bytes, label: operation.isLabel) {
                return .success(Result(output: string, errors: [], isTransitionalDifferent: false))
            }
            do throws(IdentifierError) { return .success(try handle.run(bytes, operation)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    @inline(__always)
    func process(_ bytes: UnsafeBufferPointer<UInt8>, _ operation: Operation) throws(IdentifierError) -> Result {
        if Self.isValidLowercaseLDH(bytes, label: operation.isLabel) {
            return Result(output: String(decoding: bytes, as: UTF8.self), errors: [], isTransitionalDifferent: false)
        }
        return try handle.run(bytes, operation)
    }

    /// Whether `bytes` is a name (or label) that UTS #46 processing returns unchanged and
    /// without errors under any options: only `a-z`, `0-9`, `-` and `.`; no empty label
    /// except the root label after a final dot; labels of 1–63 bytes that neither start
    /// nor end with a hyphen nor have hyphens in positions 3 and 4 (which also excludes
    /// `xn--`); at most 253 bytes (254 with the final dot). Such a name has nothing to
    /// map, nothing disallowed even under STD3 rules, no bidi or joiner context.
    @inline(__always)
    static func isValidLowercaseLDH(_ bytes: UnsafeBufferPointer<UInt8>, label: Bool) -> Bool {
        let count = bytes.count
        if count == 0 || count > 254 { return false }
        var labelStart = 0
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                if label || !isValidLabel(bytes, labelStart, index) { return false }
                labelStart = index + 1
            } else if !((byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")) {
                return false
            }
            index += 1
        }
        if labelStart == count {
            // A final dot: the root label, allowed (the name is then at most 254 bytes).
            return true
        }
        return count <= 253 && isValidLabel(bytes, labelStart, count)
    }

    @inline(__always)
    private static func isValidLabel(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let length = end - start
        if length < 1 || length > 63 { return false }
        let hyphen = UInt8(ascii: "-")
        if bytes[start] == hyphen || bytes[end - 1] == hyphen { return false }
        if length >= 4 && bytes[start + 2] == hyphen && bytes[start + 3] == hyphen { return false }
        return true
    }
}
