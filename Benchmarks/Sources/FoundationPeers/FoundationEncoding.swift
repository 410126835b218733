// Foundation's decoding on Linux: `String(data:encoding:)` (swift-corelibs-foundation has no
// `stringEncoding(for:…)` detection API, so decoding with a known encoding is the only peer).
internal import Foundation

/// Decodes bytes with `String(data:encoding:)`; `encoding` is "utf-8", "windows-1251",
/// "shift_jis" or "windows-1252".
public final class FoundationDecoder: @unchecked Sendable {
    private let encoding: String.Encoding

    public init(_ name: String) {
        switch name {
        case "windows-1251": encoding = .windowsCP1251
        case "windows-1252": encoding = .windowsCP1252
        case "shift_jis": encoding = .shiftJIS
        default: encoding = .utf8
        }
    }

    /// The decoded string's UTF-16 length (0 when Foundation cannot decode it).
    public func decode(_ bytes: [UInt8]) -> Int {
        String(data: Data(bytes), encoding: encoding)?.utf16.count ?? 0
    }
}
