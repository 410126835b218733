internal import CICU

/// Joins items into a list as a locale writes it.
///
/// ```swift
/// try ICUListFormatter(locale: LocaleID("en")).format(["a", "b", "c"])   // "a, b, and c"
/// try ICUListFormatter(locale: LocaleID("de")).format(["a", "b", "c"])   // "a, b und c"
/// ```
///
/// Formatters are cached per (style, locale) and shared; each serializes its calls.
public struct ICUListFormatter: Sendable {
    /// The style.
    public let style: ListStyle
    /// The locale.
    public let locale: LocaleID
    private let handle: LockedHandle

    private static let cache = ConfigurationCache<String, LockedHandle>(limit: 64)

    /// Opens (or reuses) a list formatter.
    ///
    /// ```swift
    /// let or = try ICUListFormatter(ListStyle(type: .or), locale: LocaleID("fr"))
    /// try or.format(["thé", "café"])   // "thé ou café"
    /// ```
    /// - Throws: ``FormattingError/unknownLocale(_:)`` in strict mode; ``FormattingError/icu(_:)`` if ICU fails.
    ///
    /// The corresponding C function is `ulistfmt_openForType`.
    public init(_ style: ListStyle = ListStyle(), locale: LocaleID = .root, strict: Bool = false) throws(FormattingError) {
        if strict { try locale.requireKnown(as: FormattingError.self) }
        self.style = style
        self.locale = locale
        handle = try Self.cache.value(for: "\(style.type.rawValue)|\(style.width.rawValue)|\(locale.identifier)") {
            () throws(FormattingError) -> LockedHandle in
            let opened = try FormattingError.wrapping { () throws(ICUError) in
                try ICU.ulistfmt_openForType(locale.identifier, style.type.icu, style.width.icu)
            }
            return LockedHandle(opened) { ulistfmt_close($0) }
        }
    }

    /// Joins `items`.
    ///
    /// ```swift
    /// try ICUListFormatter(ListStyle(type: .units, width: .narrow), locale: LocaleID("en")).format(["5′", "11″"])   // "5′ 11″"
    /// ```
    /// - Throws: ``FormattingError/inputTooLong(_:)`` when the items exceed ICU's `Int32` lengths;
    ///   ``FormattingError/icu(_:)`` if ICU fails.
    ///
    /// The corresponding C function is `ulistfmt_format`.
    public func format(_ items: [String]) throws(FormattingError) -> String {
        let units = items.map { Array($0.utf16) }
        let total = units.reduce(0) { $0 + $1.count }
        guard total < Int(Int32.max) / 2, items.count < Int(Int32.max) else {
            throw .inputTooLong(InputTooLongError(length: total, limit: Int(Int32.max) / 2, unit: "UTF-16 code units"))
        }
        // One contiguous buffer holding every item, and pointers into it.
        var storage: [UInt16] = []
        storage.reserveCapacity(max(total, 1))
        var lengths: [Int32] = []
        for item in units {
            storage += item
            lengths.append(Int32(item.count))
        }
        if storage.isEmpty { storage.append(0) }
        return try FormattingError.wrapping { () throws(ICUError) in
            try storage.withUnsafeBufferPointer { buffer throws(ICUError) in
                var pointers: [UnsafePointer<UInt16>?] = []
                var offset = 0
                for length in lengths {
                    pointers.append(buffer.baseAddress! + offset)
                    offset += Int(length)
                }
                return try pointers.withUnsafeMutableBufferPointer { pointerBuffer throws(ICUError) in
                    try lengths.withUnsafeBufferPointer { lengthBuffer throws(ICUError) in
                        try handle.withHandle { formatter throws(ICUError) in
                            try ICU.ulistfmt_format(
                                formatter, pointerBuffer.baseAddress, lengthBuffer.baseAddress, Int32(items.count),
                                capacity: total + 16 * max(items.count, 1))
                        }
                    }
                }
            }
        }
    }
}
