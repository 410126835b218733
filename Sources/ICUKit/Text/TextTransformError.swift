/// Why a text transform (normalization, case mapping, transliteration, character
/// properties, Unicode sets) could not be done.
///
/// ```swift
/// do { _ = try Transliterator("Latin-Klingon") }
/// catch .unknownTransliterator(let id) { print("no transliterator", id) }
/// ```
public enum TextTransformError: ICUKitError, ReportsUnknownLocale {
    /// A locale identifier that is not well formed.
    case unknownLocale(String)
    /// An input longer than ICU can address (`Int32` lengths).
    case inputTooLong(InputTooLongError)
    /// Bytes that are not well-formed UTF-8.
    case invalidUTF8(InvalidUTF8Error)
    /// An ICU function failed.
    case icu(ICUError)
    /// A transliterator ID (or compound ID) that ICU does not know, such as `"Latin-Klingon"`.
    case unknownTransliterator(String)
    /// Transliteration rules ICU refuses: `line` is the 1-based line of the rule text with
    /// the error, `offset` ICU's UTF-16 offset into the rule text, `context` the text around it.
    case invalidRules(String, line: Int?, offset: Int?, context: String)
    /// A `UnicodeSet` pattern ICU refuses; `offset` is where parsing stopped, when known.
    case invalidSetPattern(String, offset: Int?)
    /// A character name that names no scalar.
    case unknownCharacterName(String)
    /// A Unicode property name ICU does not know (or that is not of the kind asked for).
    case unknownProperty(String)
    /// A transliteration that would grow its text past `limit` UTF-16 code units (256 times
    /// the input plus 65,536), or work through that many units 16 times over: rules that
    /// insert without consuming, such as `a > |aa;` repeated in `::Null;` phases, grow a
    /// text without bound.
    case outputTooLarge(limit: Int)

    /// A one-line English message, such as `"unknown transliterator \"Foo-Bar\""`.
    public var description: String {
        switch self {
        case .unknownLocale(let id): "unknown locale \"\(id)\""
        case .inputTooLong(let error): error.description
        case .invalidUTF8(let error): error.description
        case .icu(let error): error.description
        case .unknownTransliterator(let id): "unknown transliterator \"\(id)\""
        case .invalidRules(_, let line, let offset, let context):
            "invalid transliteration rules"
                + (line.map { " on line \($0)" } ?? "") + (offset.map { " (offset \($0))" } ?? "")
                + (context.isEmpty ? "" : " near \"" + context.replacingNewlines() + "\"")
        case .invalidSetPattern(let pattern, let offset):
            "invalid UnicodeSet pattern \"\(pattern)\"" + (offset.map { " at offset \($0)" } ?? "")
        case .unknownCharacterName(let name): "no character is named \"\(name)\""
        case .unknownProperty(let name): "unknown Unicode property \"\(name)\""
        case .outputTooLarge(let limit):
            "the transliteration would grow the text past \(limit) UTF-16 code units (256 times the input plus 65536)"
        }
    }
}

extension String {
    /// The text on one line: line feeds and carriage returns as `\n` and `\r`.
    fileprivate func replacingNewlines() -> String {
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
