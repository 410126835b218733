// Foundation's text transforms on Linux (swift-corelibs-foundation, its own ICU copy):
// normalization, locale-aware case mapping and StringTransform.
internal import Foundation

public enum FoundationText {
    /// `precomposedStringWithCanonicalMapping`'s UTF-8 length.
    public static func nfc(_ text: String) -> Int { text.precomposedStringWithCanonicalMapping.utf8.count }
    /// `decomposedStringWithCanonicalMapping`'s UTF-8 length.
    public static func nfd(_ text: String) -> Int { text.decomposedStringWithCanonicalMapping.utf8.count }
    /// `uppercased(with:)` in `locale`.
    public static func uppercased(_ text: String, locale: String) -> Int {
        text.uppercased(with: Locale(identifier: locale)).utf8.count
    }
    /// `applyingTransform(StringTransform(id), reverse: false)`.
    public static func transform(_ text: String, _ id: String) -> Int {
        text.applyingTransform(StringTransform(rawValue: id), reverse: false)?.utf8.count ?? -1
    }
}
