/// One candidate language for a text, with its probability, as
/// ``LanguageRecognizer/hypotheses(for:maximum:)`` ranks them.
///
/// ```swift
/// let best = LanguageRecognizer().hypotheses(for: "Où est la gare ?").first!
/// print(best.language.bcp47, best.probability)   // fr 0.89
/// ```
public struct LanguageHypothesis: Sendable, Hashable {
    /// The language (BCP 47: `fr`, `sr-Latn`, `zh-Hant`).
    public let language: LocaleID
    /// How likely the text is in this language, 0…1; a text's hypotheses sum to at most 1.
    public let probability: Double
}
