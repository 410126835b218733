internal import CICU
internal import CICUTranslit

/// ICU MessageFormat: messages with `plural`, `select` and `selectordinal` arguments,
/// numbers, dates and nested sub-messages, with named arguments.
///
/// ```swift
/// let message = try MessageFormatter(
///     "{name} has {count, plural, =0 {no files} one {# file} other {# files}}.",
///     locale: LocaleID("en"))
/// try message.format(["name": "Ana", "count": 1])   // "Ana has 1 file."
/// ```
///
/// How the C API is used: ICU's C `umsg` functions take numbered arguments only, through
/// C varargs. ICUKit validates the pattern with `umsg_open` as written, renumbers named
/// arguments (in order of first appearance) while keeping everything else verbatim, reads
/// each argument's type from the pattern as ICU does (plural/number → double, `number,
/// integer` → int32, date/time → UDate, select/plain → UChar string), and passes the values
/// as typed `Formattable`s to ICU's `MessageFormat::format` (a small C++ shim,
/// `icukit_message_format`): not through `umsg_vformat`'s C `va_list`, which ICU reads by
/// its own parse of the pattern, so any disagreement read memory it should not.
/// Formatters are cached per (pattern, locale) and shared; each serializes its calls.
public struct MessageFormatter: Sendable {
    /// The pattern as given.
    public let pattern: String
    /// The locale.
    public let locale: LocaleID
    /// The argument names in order of first appearance.
    public var argumentNames: [String] { shared.names }
    private let shared: Shared

    enum ArgumentKind: Sendable, Equatable {
        case string, double, int32, date
    }

    final class Shared: Sendable {
        let handle: LockedHandle
        let names: [String]
        let kinds: [ArgumentKind]
        init(handle: LockedHandle, names: [String], kinds: [ArgumentKind]) {
            (self.handle, self.names, self.kinds) = (handle, names, kinds)
        }
    }

    private static let cache = ConfigurationCache<String, Shared>(limit: 128)

    /// Parses `pattern` (or reuses a cached parse).
    ///
    /// ```swift
    /// let rank = try MessageFormatter("{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", locale: LocaleID("en"))
    /// try rank.format(["n": 22])   // "22nd"
    /// ```
    /// - Throws: ``FormattingError/invalidPattern(_:offset:reason:)`` for a pattern ICU
    ///   rejects (`offset` in UTF-16 units), ``FormattingError/unknownLocale(_:)`` in strict mode.
    ///
    /// The corresponding C function is `umsg_open`.
    public init(_ pattern: String, locale: LocaleID = .root, strict: Bool = false) throws(FormattingError) {
        if strict { try locale.requireKnown(as: FormattingError.self) }
        self.pattern = pattern
        self.locale = locale
        shared = try FormattingError.converting { try Self.cache.value(for: locale.identifier + "|" + pattern) { () throws -> Shared in
            try Self.open(pattern, locale: locale)
        } }
    }

    private static func openUMsg(_ pattern: String, locale: LocaleID) throws -> LockedHandle {
        let units = Array(pattern.utf16)
        guard units.count < 1 << 24 else {
            throw InputTooLongError(length: units.count, limit: 1 << 24, unit: "UTF-16 code units")
        }
        var status = U_ZERO_ERROR
        var parseError = CICU_UParseError()
        parseError.offset = -1
        let opened = units.withUnsafeBufferPointer {
            umsg_open($0.baseAddress, Int32($0.count), locale.identifier, &parseError, &status)
        }
        guard let opened, !status.isFailure else {
            if let opened { umsg_close(opened) }
            throw FormattingError.invalidPattern(
                pattern, offset: parseError.offset >= 0 ? Int(parseError.offset) : nil, reason: String(cString: u_errorName(status)))
        }
        return LockedHandle(opened) { umsg_close($0) }
    }

    private static func open(_ pattern: String, locale: LocaleID) throws -> Shared {
        // ICU's own parse first: its errors and offsets refer to the pattern as written.
        _ = try openUMsg(pattern, locale: locale)
        var rewriter = Rewriter(pattern)
        do {
            try rewriter.message(nested: false, inPlural: false)
        } catch let reason as Rewriter.Failure {
            throw FormattingError.invalidPattern(pattern, offset: nil, reason: reason.message)
        }
        let handle = try openUMsg(rewriter.output, locale: locale)
        return Shared(handle: handle, names: rewriter.names, kinds: rewriter.names.map { rewriter.kinds[$0]! })
    }

    /// Formats the message with named arguments.
    ///
    /// ```swift
    /// let invite = try MessageFormatter(
    ///     "{host} invites {guests, plural, =0 {nobody} one {one guest} other {# guests}} to {gender, select, female {her} male {his} other {their}} party.",
    ///     locale: LocaleID("en"))
    /// try invite.format(["host": "Ana", "guests": 3, "gender": "female"])
    /// // "Ana invites 3 guests to her party."
    /// ```
    /// - Throws: ``FormattingError/invalidArgument(_:)`` for a missing argument or a
    ///   text where the pattern needs a number; ``FormattingError/invalidPattern(_:offset:reason:)``
    ///   when ICU cannot format a pattern it parsed.
    ///
    /// The corresponding C++ function is `MessageFormat::format` (typed arguments).
    public func format(_ arguments: [String: MessageArgument]) throws(FormattingError) -> String {
        // Typed arguments (icukit_message_format, ICU's MessageFormat::format over
        // Formattables), not a C va_list: umsg_vformat reads a va_list by the types ICU
        // parsed, and a pattern ICU reads differently from the Rewriter made it read past
        // the list (found by MessageFormatFuzz: a SEGV in u_strlen).
        // The texts' units, one after another in `storage`, at `starts` with `lengths`.
        var kinds: [Int32] = [], numbers: [Double] = [], storage: [UInt16] = [], starts: [Int] = [], lengths: [Int32] = []
        for (name, kind) in zip(shared.names, shared.kinds) {
            guard let argument = arguments[name] else {
                throw FormattingError.invalidArgument("missing argument \"\(name)\"")
            }
            switch kind {
            case .double, .int32, .date:
                let number: Double
                switch argument {
                case .number(let value): number = value
                case .date(let seconds): number = seconds
                case .string(let text):
                    guard let parsed = Double(text.trimmingSpaces) else {
                        throw FormattingError.invalidArgument("\"\(name)\" needs a number, got \"\(text)\"")
                    }
                    number = parsed
                }
                switch kind {
                case .int32:
                    guard number.isFinite, number.rounded(.towardZero) >= Double(Int32.min), number.rounded(.towardZero) <= Double(Int32.max) else {
                        throw FormattingError.invalidArgument("\"\(name)\" must fit in 32 bits")
                    }
                    kinds.append(Int32(ICUKIT_MESSAGE_ARGUMENT_INT32))
                    numbers.append(number.rounded(.towardZero))
                case .date:
                    kinds.append(Int32(ICUKIT_MESSAGE_ARGUMENT_DATE))
                    numbers.append(number * 1000)  // UDate: milliseconds
                default:
                    kinds.append(Int32(ICUKIT_MESSAGE_ARGUMENT_DOUBLE))
                    numbers.append(number)
                }
                starts.append(storage.count)
                lengths.append(0)
            case .string:
                let text: String
                switch argument {
                case .string(let value): text = value
                case .number(let value):
                    text = try ICUNumberFormatter(skeleton: "", locale: locale).format(value)
                case .date(let seconds):
                    text = try ICUNumberFormatter(skeleton: "", locale: locale).format(seconds)
                }
                let units = Array(text.utf16)
                guard units.count < Int(Int32.max) / 4 else {
                    throw FormattingError.inputTooLong(InputTooLongError(length: units.count, limit: Int(Int32.max) / 4, unit: "UTF-16 code units"))
                }
                kinds.append(Int32(ICUKIT_MESSAGE_ARGUMENT_STRING))
                numbers.append(0)
                starts.append(storage.count)
                lengths.append(Int32(units.count))
                storage.append(contentsOf: units)
            }
        }
        let estimate = pattern.utf16.count + storage.count + 64
        do {
            return try shared.handle.withHandle { format throws(ICUError) in
                try storage.withUnsafeBufferPointer { storage throws(ICUError) in
                    let base = storage.baseAddress ?? UnsafePointer(bitPattern: MemoryLayout<UInt16>.alignment)!
                    let pointers: [UnsafePointer<UInt16>?] = starts.map { base + $0 }
                    return try ICUBuffers.utf16String(operation: "MessageFormat::format", capacity: estimate) { buffer, capacity, status in
                        icukit_message_format(
                            UnsafeRawPointer(format), kinds, numbers, pointers, lengths, Int32(kinds.count), buffer, capacity, &status)
                    }
                }
            }
        } catch {
            // A pattern umsg_open accepted can still fail to format (an argument style ICU
            // only rejects when it builds the sub-format, a text where it needs a number).
            throw FormattingError.invalidPattern(pattern, offset: nil, reason: "ICU cannot format it: \(error.name)")
        }
    }

    /// Renumbers the named arguments of a MessageFormat pattern and records their types,
    /// keeping all other text (quoting included) as written.
    struct Rewriter {
        struct Failure: Error { let message: String }

        private let scalars: [Unicode.Scalar]
        private var index = 0
        private(set) var output = ""
        private(set) var names: [String] = []
        private(set) var kinds: [String: ArgumentKind] = [:]
        private var depth = 0

        init(_ pattern: String) { scalars = Array(pattern.unicodeScalars) }

        private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
        private func peek(_ offset: Int) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }

        private mutating func copy() {
            output.unicodeScalars.append(scalars[index])
            index += 1
        }

        private mutating func copySpaces() {
            while let c = current, c.properties.isPatternWhitespace { copy() }
        }

        /// Message text up to the end (top level) or up to the `}` closing a sub-message.
        mutating func message(nested: Bool, inPlural: Bool, inChoice: Bool = false) throws {
            depth += 1
            defer { depth -= 1 }
            guard depth < 200 else { throw Failure(message: "nesting too deep") }
            while let c = current {
                switch c {
                case "'":
                    if peek(1) == "'" {
                        copy(); copy()
                    } else if let next = peek(1), next == "{" || next == "}" || next == "|" || (inPlural && next == "#") {
                        copy()
                        while let q = current {
                            if q == "'" {
                                if peek(1) == "'" { copy(); copy(); continue }
                                copy()
                                break
                            }
                            copy()
                        }
                    } else {
                        copy()
                    }
                case "{":
                    try argument()
                case "}":
                    if nested { return }
                    throw Failure(message: "unmatched '}'")
                case "|" where inChoice:
                    return
                default:
                    copy()
                }
            }
            if nested { throw Failure(message: "unclosed sub-message") }
        }

        private mutating func word() -> String {
            var text = ""
            while let c = current, !c.properties.isPatternWhitespace, !c.properties.isPatternSyntax || c == "-" || c == ":" || c == "=" || c == "." || c == "+" {
                text.unicodeScalars.append(c)
                index += 1
            }
            return text
        }

        private mutating func argument() throws {
            copy()  // {
            copySpaces()
            let name = word()
            guard !name.isEmpty else { throw Failure(message: "argument without a name") }
            var argumentIndex = names.firstIndex(of: name)
            if argumentIndex == nil {
                names.append(name)
                argumentIndex = names.count - 1
            }
            output += String(argumentIndex!)
            copySpaces()
            var kind = ArgumentKind.string
            if current == "," {
                copy()
                copySpaces()
                let type = word()
                output += type
                copySpaces()
                switch type.lowercased() {
                case "plural", "selectordinal":
                    kind = .double
                    try complexStyle(plural: true)
                case "select":
                    kind = .string
                    try complexStyle(plural: false)
                case "date", "time":
                    kind = .date
                    try simpleStyle()
                case "number":
                    let styleStart = output.unicodeScalars.count
                    try simpleStyle()
                    let style = String(String.UnicodeScalarView(output.unicodeScalars.dropFirst(styleStart)))
                    let trimmed = style.drop { $0 == "," || $0.isWhitespace }.trimmingSpaces
                    // ICU matches style keywords without regard to case ("integEr").
                    kind = trimmed.lowercased() == "integer" ? .int32 : .double
                case "choice":
                    kind = .double
                    try choiceStyle()
                default:  // spellout, ordinal, duration
                    kind = .double
                    try simpleStyle()
                }
            }
            guard current == "}" else { throw Failure(message: "expected '}' after argument \(name)") }
            copy()
            if let previous = kinds[name], previous != kind {
                throw Failure(message: "argument \(name) is used with two different types")
            }
            kinds[name] = kind
        }

        /// `, style` of a simple argument: text with nested braces and quotes, up to `}`.
        private mutating func simpleStyle() throws {
            var nesting = 0
            while let c = current {
                if c == "'" {
                    copy()
                    while let q = current, q != "'" { copy() }
                    if current == "'" { copy() }
                    continue
                }
                if c == "{" { nesting += 1 }
                if c == "}" {
                    if nesting == 0 { return }
                    nesting -= 1
                }
                copy()
            }
        }

        /// `, limit#message|limit<message…` of a choice argument (its sub-messages may hold
        /// arguments too).
        private mutating func choiceStyle() throws {
            guard current == "," else { throw Failure(message: "expected ',' and choices") }
            copy()
            while true {
                while let c = current, c != "#", c != "<", c != "\u{2264}", c != "}" { copy() }
                guard let separator = current else { throw Failure(message: "unclosed choice") }
                if separator == "}" { return }
                copy()
                try message(nested: true, inPlural: false, inChoice: true)
                guard let end = current else { throw Failure(message: "unclosed choice") }
                if end == "}" { return }
                copy()  // |
            }
        }

        /// `, selector {message} …` of plural, selectordinal and select arguments.
        private mutating func complexStyle(plural: Bool) throws {
            guard current == "," else { throw Failure(message: "expected ',' and cases") }
            copy()
            while true {
                copySpaces()
                guard let c = current else { throw Failure(message: "unclosed argument") }
                if c == "}" { return }
                if c == "{" {
                    copy()
                    try message(nested: true, inPlural: plural)
                    guard current == "}" else { throw Failure(message: "unclosed sub-message") }
                    copy()
                    continue
                }
                let selector = word()
                guard !selector.isEmpty else { throw Failure(message: "unexpected character in cases") }
                output += selector
            }
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace.
    var trimmingSpaces: String {
        String(self.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
