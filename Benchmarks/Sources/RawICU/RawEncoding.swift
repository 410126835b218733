// Raw ICU charset detection (ucsdet) and conversion (ucnv): the floor and the baseline
// for ICUKit's EncodingDetector and TextConverter. No Foundation here (see RawICU.swift).
internal import RawCICU

/// One opened `UCharsetDetector`, reused for every input (not thread-safe).
public final class RawCharsetDetector: @unchecked Sendable {
    private let detector: OpaquePointer

    public init() {
        var status: Int32 = 0
        detector = ucsdet_open(&status)!
    }

    deinit { ucsdet_close(detector) }

    /// `ucsdet_setText` + `ucsdet_detect` + `ucsdet_getName`: the best match's name.
    public func detect(_ bytes: [UInt8]) -> String {
        var status: Int32 = 0
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                ucsdet_setText(detector, chars.baseAddress, Int32(chars.count), &status)
                guard let match = ucsdet_detect(detector, &status), let name = ucsdet_getName(match, &status) else { return "" }
                return String(cString: name)
            }
        }
    }
}

/// One opened `UConverter` decoding into a reused UTF-16 buffer (not thread-safe).
public final class RawDecoder: @unchecked Sendable {
    private let converter: OpaquePointer
    private var buffer: [UInt16] = []

    public init(_ name: String) {
        var status: Int32 = 0
        converter = ucnv_open(name, &status)!
    }

    deinit { ucnv_close(converter) }

    /// `ucnv_toUnicode` of the whole input (default substitution callback); returns the
    /// number of UTF-16 units.
    public func decode(_ bytes: [UInt8]) -> Int {
        if buffer.count < bytes.count * 2 + 16 { buffer = [UInt16](repeating: 0, count: bytes.count * 2 + 16) }
        ucnv_resetToUnicode(converter)
        return bytes.withUnsafeBufferPointer { input in
            buffer.withUnsafeMutableBufferPointer { out in
                input.withMemoryRebound(to: CChar.self) { chars in
                    var source = chars.baseAddress
                    var target = out.baseAddress
                    var status: Int32 = 0
                    ucnv_toUnicode(converter, &target, out.baseAddress! + out.count, &source, chars.baseAddress! + chars.count, nil, 1, &status)
                    return target! - out.baseAddress!
                }
            }
        }
    }
}
