/// Why a string file could not be read or written, or a string could not be formatted:
/// the file, the place in it (line or byte offset) and the key, when known.
///
/// ```swift
/// let error = StringsError(.malformed, "expected ';' after the value", file: "Broken.strings", line: 3, key: "title")
/// print(error)   // Broken.strings:3: malformed: expected ';' after the value (key "title")
/// ```
public struct StringsError: ICUKitError {
    /// What went wrong.
    public var kind: Kind
    /// The file, when the error is about one.
    public var file: String?
    /// The 1-based line, for text formats.
    public var line: Int?
    /// The byte offset, for binary formats (`.mo`) and JSON.
    public var byteOffset: Int?
    /// The key, when the error is about one.
    public var key: String?
    /// A one-line English explanation.
    public var message: String

    /// An error.
    ///
    /// ```swift
    /// let error = StringsError(.malformed, "expected ';'", file: "a.strings", line: 3)
    /// ```
    public init(_ kind: Kind, _ message: String, file: String? = nil, line: Int? = nil, byteOffset: Int? = nil, key: String? = nil) {
        self.kind = kind
        self.message = message
        self.file = file
        self.line = line
        self.byteOffset = byteOffset
        self.key = key
    }

    /// The kinds of failure.
    public enum Kind: String, Sendable, Hashable {
        /// The file cannot be read (missing, unreadable, a directory where a file is due).
        case unreadable
        /// The file is not well-formed in its format (syntax, encoding, structure).
        case malformed
        /// The file or path is of a format ICUKit does not read.
        case unsupportedFormat = "unsupported-format"
        /// No entry has the key (in any language, after fallback).
        case unknownKey = "unknown-key"
        /// The format string needs an argument that was not given.
        case missingArgument = "missing-argument"
        /// An argument does not fit its conversion (`%lld` given `"Anna"`).
        case argumentType = "argument-type"
        /// A format string ICUKit cannot format (an undefined substitution, a bad conversion).
        case invalidFormat = "invalid-format"
        /// A language identifier that is not well-formed or that ICU does not know.
        case unknownLanguage = "unknown-language"
        /// The output cannot be written.
        case unwritable
        /// ICU reported a failure.
        case icuFailure = "icu"
    }

    /// Wraps an ICU failure (``ICUKitError``'s `.icu`).
    public static func icu(_ error: ICUError) -> StringsError {
        StringsError(.icuFailure, error.description)
    }

    /// `FILE:LINE: KIND: message (key "K")`, with the parts that are known.
    public var description: String {
        var place = ""
        if let file { place = file }
        if let line { place += ":\(line)" } else if let byteOffset { place += "@\(byteOffset)" }
        var text = place.isEmpty ? "" : place + ": "
        text += "\(kind.rawValue): \(message)"
        if let key { text += " (key \"\(key)\")" }
        return text
    }
}

/// One finding of ``StringCatalog`` checks: a problem in a translation, for translators
/// and CI.
///
/// ```swift
/// let problem = StringsProblem(file: "Localizable.xcstrings", key: "files", language: "ru",
///                              severity: .error, kind: "missing-plural-category",
///                              message: "plural needs few, many")
/// problem.description   // "Localizable.xcstrings:files:ru: error: missing-plural-category: plural needs few, many"
/// ```
public struct StringsProblem: Sendable, Hashable, CustomStringConvertible {
    /// The file the key was read from.
    public var file: String
    /// The key.
    public var key: String
    /// The language of the translation (empty when the problem is not about one).
    public var language: String
    /// How bad it is.
    public var severity: Severity
    /// A stable, kebab-case name of the kind of problem (`missing-plural-category`, …).
    public var kind: String
    /// A one-line English explanation.
    public var message: String

    /// A finding.
    ///
    /// ```swift
    /// let problem = StringsProblem(file: "a.po", key: "x", language: "de", severity: .warning, kind: "fuzzy", message: "needs review")
    /// ```
    public init(file: String, key: String, language: String, severity: Severity, kind: String, message: String) {
        self.file = file
        self.key = key
        self.language = language
        self.severity = severity
        self.kind = kind
        self.message = message
    }

    /// `error` fails a check; `warning` does not.
    public enum Severity: String, Sendable, Hashable, Comparable {
        /// Something a user would see wrong.
        case error
        /// Something probably wrong, or untidy.
        case warning

        /// Errors sort before warnings.
        public static func < (a: Severity, b: Severity) -> Bool { a == .error && b == .warning }
    }

    /// `FILE:KEY:LANGUAGE: SEVERITY: KIND: message`, the text form of `icukit strings check`.
    public var description: String { "\(file):\(key):\(language): \(severity.rawValue): \(kind): \(message)" }
}
