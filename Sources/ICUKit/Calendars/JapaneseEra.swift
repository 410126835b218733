internal import CICU
import FoundationEssentials

/// One era of ICU's Japanese calendar, from Taika (645) to Reiwa (2019).
///
/// ```swift
/// let reiwa = CalendarSystem.japaneseEras.last!
/// (reiwa.name, reiwa.nativeName)                            // ("Reiwa", "令和")
/// (reiwa.startYear, reiwa.startMonth, reiwa.startDay)       // (2019, 5, 1)
/// ```
public struct JapaneseEra: Sendable, Hashable, CustomStringConvertible {
    /// ICU's era number (the `era` of a Japanese ``CalendarDate``): 0 = Taika … 236 = Reiwa.
    public let index: Int
    /// The English name, such as `"Meiji"`.
    public let name: String
    /// The Japanese name, such as `"明治"`.
    public let nativeName: String
    /// The first day of the era (proleptic Gregorian; see ARCHITECTURE.md for eras before 1873).
    public let startYear: Int, startMonth: Int, startDay: Int
    /// The era's first instant, midnight UTC.
    public let start: Date

    /// The English and Japanese names and the first day (year-month-day, not
    /// zero-padded), such as `"Reiwa (令和) from 2019-5-1"`.
    public var description: String { "\(name) (\(nativeName)) from \(startYear)-\(startMonth)-\(startDay)" }
}

extension CalendarSystem {
    /// Every era of ICU's Japanese calendar in order, with its start; the last five are the
    /// modern eras Meiji, Taishō, Shōwa, Heisei and Reiwa (``modernJapaneseEras``).
    /// The start of each era is where ICU itself puts it (year 1 of the era with ICU's
    /// default month and day). The corresponding C functions are `ucal_set` and `ucal_getMillis`.
    public static let japaneseEras: [JapaneseEra] = {
        guard let japanese = try? CalendarSystem("japanese"), let gregorian = try? CalendarSystem("gregorian") else { return [] }
        var eras: [JapaneseEra] = []
        for index in japanese.engine.eraRange {
            let millis: Double = japanese.engine.withCalendar { cal in
                ucal_clear(cal)
                ucal_set(cal, UCAL_ERA, Int32(index))
                ucal_set(cal, UCAL_YEAR, 1)
                return (try? ICU.ucal_getMillis(cal)) ?? 0
            }
            let start = Date(timeIntervalSince1970: millis / 1000)
            guard let fields = try? gregorian.calendarDate(for: start) else { continue }
            let name = (try? japanese.eraName(for: start)) ?? ""
            let native = (try? japanese.formatField(start, pattern: "G", locale: "ja")) ?? ""
            eras.append(JapaneseEra(index: index, name: name, nativeName: native, startYear: fields.era == 0 ? 1 - fields.year : fields.year,
                                    startMonth: fields.month, startDay: fields.day, start: start))
        }
        return eras
    }()

    /// Meiji (1868), Taishō (1912), Shōwa (1926), Heisei (1989) and Reiwa (2019).
    public static var modernJapaneseEras: [JapaneseEra] { Array(japaneseEras.suffix(5)) }
}
