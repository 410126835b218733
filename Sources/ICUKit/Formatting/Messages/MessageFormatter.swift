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
/// ICU parses the pattern: `umsg_open` opens ICU's `MessageFormat`, and ICU's own
/// `MessagePattern` lists the arguments and the kind of value each needs (plural, number and
/// the other numeric types a double, `number, integer` an int32, date and time a UDate,
/// select and plain arguments a string). `format` passes the values by name, as typed
/// `Formattable`s, to ICU's `MessageFormat::format` (the shim functions
/// `icukit_message_arguments` and `icukit_message_format`), so ICUKit never reads the
/// pattern itself and never passes a C `va_list` that ICU reads by its own parse.
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
        /// The pattern's UTF-16 units: the arguments' names are ranges of them.
        let units: [UInt16]
        /// Each argument's name range and kind, in the order of `names`.
        let arguments: [icukit_message_argument]
        init(handle: LockedHandle, names: [String], kinds: [ArgumentKind], units: [UInt16], arguments: [icukit_message_argument]) {
            (self.handle, self.names, self.kinds, self.units, self.arguments) = (handle, names, kinds, units, arguments)
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
        shared = try Self.cache.value(for: locale.identifier + "|" + pattern) { () throws(FormattingError) -> Shared in
            try Self.open(pattern, locale: locale)
        }
    }

    private static func open(_ pattern: String, locale: LocaleID) throws(FormattingError) -> Shared {
        let units = Array(pattern.utf16)
        guard units.count < 1 << 24 else {
            throw .inputTooLong(InputTooLongError(length: units.count, limit: 1 << 24, unit: "UTF-16 code units"))
        }
        let handle: LockedHandle
        let listed: (arguments: [icukit_message_argument], conflict: Int?)
        do {
            let opened = try units.withUnsafeBufferPointer { units throws(MessagePatternFailure) in
                try ICU.umsg_open(units, locale: locale.identifier)
            }
            handle = LockedHandle(opened) { umsg_close($0) }
        } catch {
            throw .invalidPattern(pattern, offset: error.offset, reason: error.error.name)
        }
        do {
            listed = try units.withUnsafeBufferPointer { units throws(ICUError) in try ICU.icukit_message_arguments(units) }
        } catch {
            throw .invalidPattern(pattern, offset: nil, reason: error.name)
        }
        let names = listed.arguments.map { argument in
            String(decoding: units[Int(argument.name_start)..<Int(argument.name_start + argument.name_length)], as: UTF16.self)
        }
        if let conflict = listed.conflict {
            throw .invalidPattern(pattern, offset: nil, reason: "argument \(names[conflict]) is used with two different types")
        }
        let kinds = listed.arguments.map { argument -> ArgumentKind in
            switch Int(argument.kind) {
            case ICUKIT_MESSAGE_ARGUMENT_DOUBLE: .double
            case ICUKIT_MESSAGE_ARGUMENT_INT32: .int32
            case ICUKIT_MESSAGE_ARGUMENT_DATE: .date
            default: .string
            }
        }
        return Shared(handle: handle, names: names, kinds: kinds, units: units, arguments: listed.arguments)
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
        // The values in the order of `shared.names`; the string values' units one after
        // another in `texts`.
        var values = shared.arguments
        var texts: [UInt16] = []
        for index in values.indices {
            let name = shared.names[index]
            guard let argument = arguments[name] else {
                throw FormattingError.invalidArgument("missing argument \"\(name)\"")
            }
            switch shared.kinds[index] {
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
                switch shared.kinds[index] {
                case .int32:
                    guard number.isFinite, number.rounded(.towardZero) >= Double(Int32.min), number.rounded(.towardZero) <= Double(Int32.max) else {
                        throw FormattingError.invalidArgument("\"\(name)\" must fit in 32 bits")
                    }
                    values[index].number = number.rounded(.towardZero)
                case .date:
                    values[index].number = number * 1000  // UDate: milliseconds
                default:
                    values[index].number = number
                }
            case .string:
                let text: String
                switch argument {
                case .string(let value): text = value
                case .number(let value):
                    text = try ICUNumberFormatter(skeleton: "", locale: locale).format(value)
                case .date(let seconds):
                    text = try ICUNumberFormatter(skeleton: "", locale: locale).format(seconds)
                }
                let start = texts.count
                texts.append(contentsOf: text.utf16)
                guard texts.count - start < Int(Int32.max) / 4, texts.count < Int(Int32.max) else {
                    throw FormattingError.inputTooLong(InputTooLongError(length: texts.count - start, limit: Int(Int32.max) / 4, unit: "UTF-16 code units"))
                }
                values[index].text_start = Int32(start)
                values[index].text_length = Int32(texts.count - start)
            }
        }
        let estimate = shared.units.count + texts.count + 64
        do {
            return try shared.handle.withHandle { format throws(ICUError) in
                try shared.units.withUnsafeBufferPointer { pattern throws(ICUError) in
                    try texts.withUnsafeBufferPointer { texts throws(ICUError) in
                        try values.withUnsafeBufferPointer { values throws(ICUError) in
                            try ICU.icukit_message_format(
                                format, pattern: pattern.baseAddress, texts: texts.baseAddress, arguments: values, capacity: estimate)
                        }
                    }
                }
            }
        } catch {
            // A pattern umsg_open accepted can still fail to format (an argument style ICU
            // only rejects when it builds the sub-format, a text where it needs a number).
            throw FormattingError.invalidPattern(pattern, offset: nil, reason: "ICU cannot format it: \(error.name)")
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace.
    var trimmingSpaces: String {
        String(self.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
