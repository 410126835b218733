// Foundation's segmentation APIs on Linux (swift-corelibs-foundation), as peers.
//
// This module imports Foundation and so must never see an ICU C module (CICU, RawCICU).
// Its public API uses plain Swift types only.
//
// On Linux, `NSString.EnumerationOptions.byWords` and `.bySentences` are marked
// unavailable ("isn't supported in swift-corelibs-foundation": a compile error), and
// `.byLines` splits at line terminators only (not UAX #14 line-break opportunities), so
// grapheme clusters (`.byComposedCharacterSequences`) are the only unit Foundation can be
// compared on.
internal import Foundation

/// Counts composed character sequences of one text with
/// `NSString.enumerateSubstrings(in:options:)`.
public final class FoundationComposedCharacters: @unchecked Sendable {
    private let string: NSString

    /// Builds the `NSString` once (outside any measurement).
    public init(_ text: String) {
        string = NSString(string: text)
    }

    /// `enumerateSubstrings(in:options: [.byComposedCharacterSequences, .substringNotRequired])`.
    public func count() -> Int {
        var count = 0
        string.enumerateSubstrings(
            in: NSRange(location: 0, length: string.length),
            options: [.byComposedCharacterSequences, .substringNotRequired]
        ) { _, _, _, _ in count += 1 }
        return count
    }
}
