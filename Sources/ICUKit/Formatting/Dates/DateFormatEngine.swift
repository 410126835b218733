internal import CICU
import FoundationEssentials

/// The ICU side of a configured ``DateTimeFormatter``: a template `UDateFormat` and a
/// pool of clones (ICU's date formats keep a mutable calendar inside, so one thread at a
/// time per handle).
final class DateFormatEngine: Sendable {
    static let cache = ConfigurationCache<DateTimeFormatter.Configuration, DateFormatEngine>()

    let pool: ICUPool<ICUHandle>
    let pattern: String
    /// Whether `pattern` has a fractional-seconds field (`S` outside quotes): see
    /// ``longestDigitRun``.
    let parsesFractionalSeconds: Bool
    let calendar: CalendarSystem
    /// The corrected calendar in the format's zone (`chinese`, `dangi`, `hebrew` reckoned
    /// ``CalendarSystem/Reckoning/corrected``): see ``format(_:)``.
    let correction: CalendarSystem?
    let actualLocale: String
    let validLocale: String

    init(_ configuration: DateTimeFormatter.Configuration) throws(FormattingError) {
        let localeID = configuration.locale.identifier
        var pattern: [UInt16]? = nil
        var dateStyle = UDAT_PATTERN, timeStyle = UDAT_PATTERN
        do {
            switch configuration.source {
            case .styles(let date, let time):
                dateStyle = date.icuValue
                timeStyle = time.icuValue
            case .template(let skeleton):
                pattern = Array(try Self.bestPattern(skeleton, locale: configuration.locale, hourCycle: configuration.hourCycle).utf16)
            case .pattern(let explicit):
                pattern = Array(explicit.utf16)
            }
        } catch {
            throw .icu(error)
        }
        let zone = Array(configuration.timeZone.utf16)
        let opened: OpaquePointer
        do throws(ICUError) {
            opened = try ICU.udat_open(timeStyle: timeStyle, dateStyle: dateStyle, localeID, zone: zone, pattern: pattern, operation: "udat_open(\(localeID))")
        } catch {
            if case .pattern(let explicit) = configuration.source { throw .invalidPattern(explicit, offset: nil, reason: "") }
            throw .icu(error)
        }
        let template = ICUHandle(opened) { udat_close($0) }
        if case .styles = configuration.source, let cycle = configuration.hourCycle {
            // udat_open follows the locale's hour cycle only; rewrite the style's pattern.
            let current = Self.pattern(of: template.pointer)
            let adjusted = Self.applying(cycle, to: current, locale: configuration.locale)
            if adjusted != current {
                let units = Array(adjusted.utf16)
                udat_applyPattern(template.pointer, 0, units, Int32(units.count))
            }
        }
        if configuration.context != .none {
            try FormattingError.wrapping { () throws(ICUError) in try ICU.udat_setContext(template.pointer, configuration.context.icuValue) }
        }
        self.pattern = Self.pattern(of: template.pointer)
        parsesFractionalSeconds = Self.hasFractionalSeconds(self.pattern)
        actualLocale = ICU.udat_getLocaleByType(template.pointer, ULOC_ACTUAL_LOCALE)
        validLocale = ICU.udat_getLocaleByType(template.pointer, ULOC_VALID_LOCALE)
        let type = udat_getCalendar(template.pointer).flatMap { try? ICU.ucal_getType($0) } ?? "gregorian"
        calendar = (try? CalendarSystem(type).withReckoning(configuration.reckoning)) ?? .gregorian
        correction = configuration.reckoning == .corrected && ["chinese", "dangi", "hebrew"].contains(type)
            ? try? CalendarSystem(type, timeZone: configuration.timeZone) : nil
        let first = template
        pool = try FormattingError.wrapping { () throws(ICUError) in
            try ICUPool(capacity: 8) { () throws(ICUError) in ICUHandle(try ICU.udat_clone(first.pointer)) { udat_close($0) } }
        }
    }


    static func pattern(of handle: OpaquePointer) -> String {
        (try? ICU.udat_toPattern(handle)) ?? ""
    }

    /// The locale's best pattern for `skeleton` (with the hour cycle applied).
    static func bestPattern(_ skeleton: String, locale: LocaleID, hourCycle: DateTimeFormatter.HourCycle?) throws(ICUError) -> String {
        let localeID = locale.setting("hours", to: hourCycle?.rawValue).identifier
        let generator = try ICU.udatpg_open(localeID)
        defer { udatpg_close(generator) }
        var skeletonText = skeleton
        if let hourCycle {
            // The skeleton's hour letter decides the hour cycle; j/J/C mean "the locale's".
            skeletonText = String(skeletonText.map { "hHkKjJC".contains($0) ? hourCycle.letter : $0 })
            if !hourCycle.isTwelveHour { skeletonText.removeAll { $0 == "a" || $0 == "b" || $0 == "B" } }
        }
        let units = Array(skeletonText.utf16)
        return try ICU.udatpg_getBestPatternWithOptions(
            generator, units, UDATPG_MATCH_NO_OPTIONS, operation: "udatpg_getBestPatternWithOptions(\(skeleton))")
    }

    /// `pattern` with its hour fields in `cycle`: 24-hour cycles drop the day period,
    /// 12-hour cycles gain one where the locale puts it (taken from its `hm` pattern).
    static func applying(_ cycle: DateTimeFormatter.HourCycle, to pattern: String, locale: LocaleID) -> String {
        var pieces: [(text: String, quoted: Bool)] = []
        var current = "", quoted = false
        var iterator = pattern.makeIterator()
        while let c = iterator.next() {
            if c == "'" {
                pieces.append((current, quoted)); current = ""
                quoted.toggle()
                current.append(c)
                if !quoted { pieces.append((current, true)); current = "" }
                continue
            }
            current.append(c)
        }
        pieces.append((current, quoted))
        var hasHour = false, hasPeriod = false
        for piece in pieces where !piece.quoted {
            if piece.text.contains(where: { "hHkK".contains($0) }) { hasHour = true }
            if piece.text.contains(where: { "abB".contains($0) }) { hasPeriod = true }
        }
        guard hasHour else { return pattern }
        var out = ""
        for piece in pieces {
            if piece.quoted { out += piece.text; continue }
            var text = String(piece.text.map { "hHkK".contains($0) ? cycle.letter : $0 })
            if !cycle.isTwelveHour {
                // Drop the day period with the spacing that separates it.
                text = text.replacing(/[\s\u{202F}\u{00A0}]*[abB]+[\s\u{202F}\u{00A0}]*/) { match in
                    let m = String(match.output)
                    let leading = m.first.map { $0.isWhitespace } ?? false
                    let trailing = m.last.map { $0.isWhitespace } ?? false
                    return leading && trailing ? " " : ""
                }
            }
            out += text
        }
        if cycle.isTwelveHour && !hasPeriod {
            // Where does this locale put the day period? Learn it from its "hm" pattern.
            let reference = (try? bestPattern("hm", locale: locale, hourCycle: nil)) ?? "h:mm a"
            let periodFirst = (reference.firstIndex(of: "a") ?? reference.endIndex) < (reference.firstIndex(of: "h") ?? reference.endIndex)
            if let firstHour = out.firstIndex(where: { "hK".contains($0) }) {
                if periodFirst {
                    let between = reference.drop { $0 != "a" }.dropFirst().prefix { $0 != "h" && $0 != "K" }
                    out.insert(contentsOf: "a" + between, at: firstHour)
                } else {
                    let timeLetters: Set<Character> = ["h", "K", "m", "s", "S", ":", "."]
                    var end = firstHour
                    while end < out.endIndex, timeLetters.contains(out[end]) { end = out.index(after: end) }
                    let hIndex = reference.lastIndex { "hKms".contains($0) }.map { reference.index(after: $0) } ?? reference.endIndex
                    let between = reference[hIndex...].prefix { $0 != "a" }
                    out.insert(contentsOf: between + "a", at: end)
                }
            }
        }
        return out
    }

    @inline(__always)
    func format(_ udate: Double) throws(FormattingError) -> String {
        guard udate.isFinite, abs(udate) < 1.8e17 else { throw .dateOutOfRange(udate / 1000) }
        if let correction, let corrected = try correctedFormat(udate, correction) { return corrected }
        return try FormattingError.wrapping { () throws(ICUError) in
            try pool.withHandle { (handle) throws(ICUError) -> String in try ICU.udat_format(handle, udate) }
        }
    }

    /// The most decimal digits in a row a text may hold when the pattern has a
    /// fractional-seconds field. ICU (72 and 76, plain C too) scales a parsed fraction by
    /// dividing by 10^(digits − 3) computed in `Int32`; from 35 digits the power wraps to 0
    /// and the process dies of SIGFPE (Fuzz/regressions/DatePatternFuzz/fraction-35-digits-sigfpe).
    /// No date has a run that long, so such a text is refused before ICU sees it (a margin
    /// below 35 is kept).
    static let longestDigitRun = 31

    /// Whether `pattern` has an `S` field: a letter outside single quotes (`''` is a quote).
    static func hasFractionalSeconds(_ pattern: String) -> Bool {
        var quoted = false
        for unit in pattern.utf8 {
            if unit == UInt8(ascii: "'") { quoted.toggle() } else if !quoted && unit == UInt8(ascii: "S") { return true }
        }
        return false
    }

    /// The UTF-16 offset where a run of more than ``longestDigitRun`` decimal digits (of any
    /// script) starts in `units`, or nil.
    static func overlongDigitRun(_ units: [UInt16]) -> Int? {
        var run = 0, start = 0, index = 0
        while index < units.count {
            let unit = units[index]
            var width = 1
            let isDigit: Bool
            if unit < 0x80 {
                isDigit = unit >= 0x30 && unit <= 0x39
            } else if UTF16.isLeadSurrogate(unit), index + 1 < units.count, UTF16.isTrailSurrogate(units[index + 1]) {
                let value = 0x10000 + (UInt32(unit - 0xD800) << 10 | UInt32(units[index + 1] - 0xDC00))
                isDigit = Unicode.Scalar(value)?.properties.numericType == .decimal
                width = 2
            } else {
                isDigit = Unicode.Scalar(unit)?.properties.numericType == .decimal
            }
            if isDigit {
                if run == 0 { start = index }
                run += 1
                if run > longestDigitRun { return start }
            } else {
                run = 0
            }
            index += width
        }
        return nil
    }

    func parse(_ text: String, lenient: Bool) throws(FormattingError) -> Double {
        let units = Array(text.utf16)
        guard units.count < Int(Int32.max) else { throw .unparseable(text, byteOffset: 0) }
        func byteOffset(_ utf16Offset: Int) -> Int {
            let index = text.utf16.index(text.utf16.startIndex, offsetBy: utf16Offset)
            return text.utf8.distance(from: text.utf8.startIndex, to: index.samePosition(in: text.utf8) ?? text.utf8.endIndex)
        }
        if parsesFractionalSeconds, let start = Self.overlongDigitRun(units) {
            throw .unparseable(text, byteOffset: byteOffset(start))
        }
        return try pool.withObject { (owned) throws(FormattingError) -> Double in
            let handle = owned.pointer
            if owned.setting != (lenient ? 1 : 0) {
                udat_setLenient(handle, lenient ? 1 : 0)
                owned.setting = lenient ? 1 : 0
            }
            let (result, position, failed) = units.withUnsafeBufferPointer { ICU.udat_parse(handle, $0) }
            var end = Int(position)
            if !failed {
                while end < units.count, let scalar = Unicode.Scalar(units[end]), scalar.properties.isWhitespace { end += 1 }
            }
            guard !failed, end == units.count, !units.isEmpty else {
                // Where parsing failed, or the first unused character after it.
                let utf16Offset = min(max(failed ? Int(position) : end, 0), units.count)
                throw .unparseable(text, byteOffset: byteOffset(utf16Offset))
            }
            // A corrected calendar: the date whose corrected fields are the fields ICU parsed.
            return correction.map { $0.correctedInstant(fromICU: result) } ?? result
        }
    }
}
