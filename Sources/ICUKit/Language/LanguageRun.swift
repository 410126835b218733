/// A stretch of text in one language, as ``LanguageRecognizer/languageRuns(in:)`` finds them.
///
/// ```swift
/// let text = "Guten Morgen, wie geht es dir? I am fine, thank you very much."
/// for run in LanguageRecognizer().languageRuns(in: text) {
///     print(run.utf8Offsets, run.language?.bcp47 ?? "und")   // 0..<31 de, 31..<62 en
/// }
/// ```
public struct LanguageRun: Sendable, Hashable {
    /// The run's range in the text it was found in.
    public let range: Range<String.Index>
    /// The same range as UTF-8 offsets from the start of the text.
    public let utf8Offsets: Range<Int>
    /// The run's language, or `nil` when undetermined (no letters).
    public let language: LocaleID?
}
