/// A failure of ``LanguageRecognizer``: a bad configuration or undecodable input.
///
/// ```swift
/// do { _ = try LanguageRecognizer(languageConstraints: ["xx"]) }
/// catch { print(error) }   // unknown language: xx (not among the recognizer's languages)
/// ```
public enum LanguageRecognitionError: ICUKitError {
    /// A hint or constraint names a language the recognizer does not know (or that is not
    /// a well-formed BCP 47 language tag).
    case unknownLanguage(String)
    /// A hint weight that is not a finite number in 0…1.
    case invalidHintWeight(language: String, weight: Double)
    /// Bytes given as UTF-8 are not valid UTF-8 (and lossy decoding was not asked for).
    case invalidUTF8(InvalidUTF8Error)
    /// ICU reported a failure (the sentence segmentation behind ``LanguageRecognizer/languageRuns(in:)``).
    case icu(ICUError)

    /// A one-line English message, such as `"unknown language: xx (not among the recognizer's languages)"`.
    public var description: String {
        switch self {
        case .unknownLanguage(let code): "unknown language: \(code) (not among the recognizer's languages)"
        case .invalidHintWeight(let code, let weight): "invalid hint weight for \(code): \(weight) (expected 0…1)"
        case .invalidUTF8(let error): error.description
        case .icu(let error): error.description
        }
    }
}
