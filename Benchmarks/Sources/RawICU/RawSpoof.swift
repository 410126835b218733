// Raw ICU spoof checking: the floor for SpoofChecker.skeleton and check, as a C caller with
// UTF-8 identifiers would write it (one checker, one reused output buffer and check result).
// Not thread-safe: one instance per thread.
internal import RawCICU

/// `uspoof_getSkeletonUTF8` and `uspoof_check2UTF8` on one default `USpoofChecker`.
public final class RawSpoofChecker: @unchecked Sendable {
    private let checker: OpaquePointer
    private let result: OpaquePointer
    private var output = [CChar](repeating: 0, count: 256)

    public init() {
        var status = U_ZERO_ERROR
        checker = uspoof_open(&status)!
        result = uspoof_openCheckResult(&status)!
    }

    deinit {
        uspoof_closeCheckResult(result)
        uspoof_close(checker)
    }

    /// The skeleton's UTF-8 length (the skeleton itself stays in the reused buffer).
    public func skeleton(_ text: String) -> Int {
        var copy = text
        return copy.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { utf8 in
                var status = U_ZERO_ERROR
                var length = uspoof_getSkeletonUTF8(checker, 0, utf8.baseAddress, Int32(utf8.count), &output, Int32(output.count), &status)
                if status == U_BUFFER_OVERFLOW_ERROR {
                    output = [CChar](repeating: 0, count: Int(length) + 1)
                    status = U_ZERO_ERROR
                    length = uspoof_getSkeletonUTF8(checker, 0, utf8.baseAddress, Int32(utf8.count), &output, Int32(output.count), &status)
                }
                return Int(length)
            }
        }
    }

    /// The failed checks of `uspoof_check2UTF8`.
    public func check(_ text: String) -> Int32 {
        var copy = text
        return copy.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { utf8 in
                var status = U_ZERO_ERROR
                return uspoof_check2UTF8(checker, utf8.baseAddress, Int32(utf8.count), result, &status)
            }
        }
    }
}
