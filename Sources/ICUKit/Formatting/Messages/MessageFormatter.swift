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
/// `icukit_message_arguments` and `icukit_message_format`), so ICUKit never passes a C
/// `va_list` that ICU reads by its own parse. ICUKit reads the pattern only to measure how
/// deep its sub-messages nest (199 levels or more are refused; ICU recurses once per
/// level), before any ICU call. Names equal as Swift strings (canonically equivalent) are
/// one argument. Formatters are cached per (pattern, locale) and shared; each serializes
/// its calls.
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
        /// The distinct names (by Swift's `==`, canonical equivalence) and each one's kind.
        let names: [String]
        let kinds: [ArgumentKind]
        /// The pattern's UTF-16 units: the arguments' names are ranges of them.
        let units: [UInt16]
        /// Each argument ICU distinguishes (by its UTF-16 units): its name range and kind.
        let arguments: [icukit_message_argument]
        /// For each of `arguments`, the index of its name in `names`.
        let slots: [Int]
        init(
            handle: LockedHandle, names: [String], kinds: [ArgumentKind], units: [UInt16], arguments: [icukit_message_argument],
            slots: [Int]
        ) {
            (self.handle, self.names, self.kinds, self.units, self.arguments, self.slots) = (handle, names, kinds, units, arguments, slots)
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
    ///   rejects (`offset` in UTF-16 units), nested 199 levels deep or deeper, or using one
    ///   name with two kinds of value; ``FormattingError/unknownLocale(_:)`` in strict mode.
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
        // ICU's parser and formatter recurse once per nesting level: measure it before them.
        guard nestingDepth(units) < nestingLimit else {
            throw .invalidPattern(pattern, offset: nil, reason: "nesting too deep")
        }
        let handle: LockedHandle
        let listed: (arguments: [icukit_message_argument], conflict: (index: Int, offset: Int)?, depth: Int)
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
        guard listed.depth < nestingLimit else {
            throw .invalidPattern(pattern, offset: nil, reason: "nesting too deep")
        }
        func name(at start: Int32, length: Int32) -> String {
            String(decoding: units[Int(start)..<Int(start + length)], as: UTF16.self)
        }
        // ICU tells names apart by their UTF-16 units; a name is one argument here when the
        // names are equal as Swift strings (canonically equivalent), as callers look them up.
        var names: [String] = []
        var kinds: [ArgumentKind] = []
        var slots: [Int] = []
        var slotOfName: [String: Int] = [:]
        // The first use of a name with another kind than its first use: ICU's exact-name
        // conflict, or an equivalent spelling whose first use has another kind.
        var conflict: (offset: Int, name: String)? = listed.conflict.map { conflict in
            let argument = listed.arguments[conflict.index]
            return (conflict.offset, name(at: argument.name_start, length: argument.name_length))
        }
        slots.reserveCapacity(listed.arguments.count)
        for argument in listed.arguments {
            let spelled = name(at: argument.name_start, length: argument.name_length)
            let kind = ArgumentKind(argument.kind)
            if let slot = slotOfName[spelled] {
                slots.append(slot)
                if kinds[slot] != kind, conflict.map({ Int(argument.name_start) < $0.offset }) ?? true {
                    conflict = (Int(argument.name_start), spelled)
                }
            } else {
                slotOfName[spelled] = names.count
                slots.append(names.count)
                names.append(spelled)
                kinds.append(kind)
            }
        }
        if let conflict {
            throw .invalidPattern(pattern, offset: nil, reason: "argument \(conflict.name) is used with two different types")
        }
        return Shared(handle: handle, names: names, kinds: kinds, units: units, arguments: listed.arguments, slots: slots)
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
        // A value for each argument ICU distinguishes (equivalent spellings of one name take
        // the same value); the string values' units one after another in `texts`.
        var values = shared.arguments
        var texts: [UInt16] = []
        for index in values.indices {
            let slot = shared.slots[index]
            let name = shared.names[slot]
            guard let argument = arguments[name] else {
                throw FormattingError.invalidArgument("missing argument \"\(name)\"")
            }
            let kind = shared.kinds[slot]
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

extension MessageFormatter.ArgumentKind {
    /// The kind of an ICUKIT_MESSAGE_ARGUMENT_* value.
    init(_ kind: Int32) {
        switch Int(kind) {
        case ICUKIT_MESSAGE_ARGUMENT_DOUBLE: self = .double
        case ICUKIT_MESSAGE_ARGUMENT_INT32: self = .int32
        case ICUKIT_MESSAGE_ARGUMENT_DATE: self = .date
        default: self = .string
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace.
    var trimmingSpaces: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
