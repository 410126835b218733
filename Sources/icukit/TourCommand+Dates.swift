import ICUKit
import FoundationEssentials

extension TourCommand {
    /// One moment in ten locales and calendars, an interval, durations, relative times.
    func datesTour() throws {
        CLI.print("\n== Dates: icukit format date | interval | duration | relative ==\n")
        let moment = Date(timeIntervalSince1970: 1_780_499_220)  // 2026-06-03T15:07:00Z
        CLI.print("  2026-06-03T15:07:00Z, long date and short time, in the reader's zone:")
        let readers: [(String, String)] = [
            ("en_US", "America/New_York"), ("en_GB", "Europe/London"), ("fr_FR", "Europe/Paris"), ("de_DE", "Europe/Berlin"),
            ("zh_CN", "Asia/Shanghai"), ("ja_JP@calendar=japanese", "Asia/Tokyo"), ("ar_SA", "Asia/Riyadh"),
            ("he_IL@calendar=hebrew", "Asia/Jerusalem"), ("hi_IN", "Asia/Kolkata"), ("th_TH", "Asia/Bangkok"),
        ]
        for (locale, zone) in readers {
            let formatter = try DateTimeFormatter(date: .long, time: .short, locale: LocaleID(locale), timeZone: zone)
            CLI.print("  \(locale.padding(24)) \(try formatter.format(moment))   [\(formatter.calendar.identifier)]")
        }
        let may1 = Date(timeIntervalSince1970: 1_777_593_600)
        for locale in ["en_US", "de_DE", "zh_CN"] {
            let range = try DateRangeFormatter(template: "yMMMd", locale: LocaleID(locale), timeZone: "UTC")
            CLI.print("  interval \(locale.padding(8)) \(try range.format(may1, may1.addingTimeInterval(2 * 86_400)))")
        }
        for (locale, style) in [("en", DurationFormatter.UnitsStyle.positional), ("en", .full), ("fr", .spellOut), ("ja", .short)] {
            let duration = try DurationFormatter(locale: LocaleID(locale), options: .init(unitsStyle: style))
            CLI.print("  duration 3725 s, \(locale) \(style.rawValue.padding(11)) \(try duration.format(seconds: 3725))")
        }
        for locale in ["en", "fr", "ar"] {
            let relative = try RelativeTimeFormatter(locale: LocaleID(locale))
            CLI.print("  relative \(locale): \(try relative.format(seconds: -86_400)) · \(try relative.format(seconds: 3 * 3600))")
        }
        let czech = try DateTimeFormatter(template: "LLLL", locale: LocaleID("cs"), timeZone: "UTC", context: .dynamic)
        CLI.print("  capitalization (cs, dynamic): \(try czech.format(moment, into: "{0} je šestý měsíc.")) / \(try czech.format(moment, into: "Teď je {0}."))")
    }
}
