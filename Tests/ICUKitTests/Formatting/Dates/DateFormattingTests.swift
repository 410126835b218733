import Foundation
import ICUKit
import Testing

/// 2026-06-03T15:07:00Z, the seed's moment.
private let moment = Date(timeIntervalSince1970: 1_780_499_220)
private func id(_ string: String) throws -> LocaleID { try LocaleID(string) }

@Suite("Date and time formatting")
struct DateTimeFormatterTests {
    @Test("Styles across locales and calendars", arguments: [
        ("en_US", "UTC", DateTimeFormatter.Style.long, DateTimeFormatter.Style.short, "June 3, 2026 at 3:07\u{202F}PM"),
        ("en_US", "America/New_York", .medium, .short, "Jun 3, 2026, 11:07\u{202F}AM"),
        ("en_GB", "Europe/London", .medium, .short, "3 Jun 2026, 16:07"),
        ("en_GB", "Europe/London", .long, .short, "3 June 2026 at 16:07"),
        ("fr_FR", "Europe/Paris", .long, .short, "3 juin 2026 à 17:07"),
        ("de_DE", "Europe/Berlin", .full, .none, "Mittwoch, 3. Juni 2026"),
        ("zh_CN", "Asia/Shanghai", .medium, .short, "2026年6月3日 23:07"),
        ("ja_JP@calendar=japanese", "Asia/Tokyo", .full, .none, "令和8年6月4日木曜日"),
        ("ja_JP@calendar=japanese", "Asia/Tokyo", .short, .none, "R8/6/4"),
        ("ar_SA", "Asia/Riyadh", .long, .none, PerICU.value(icu72: "١٧ ذو الحجة ١٤٤٧ هـ", icu76: "٣ يونيو ٢٠٢٦")),
        ("ar_SA@calendar=islamic-umalqura", "Asia/Riyadh", .long, .none, "١٧ ذو الحجة ١٤٤٧ هـ"),
        ("he_IL@calendar=hebrew", "Asia/Jerusalem", .long, .none, "י״ח בסיוון תשפ״ו"),
        ("hi_IN", "Asia/Kolkata", .medium, .short, "3 जून 2026, 8:37 pm"),
        ("th_TH", "Asia/Bangkok", .full, .none, "วันพุธที่ 3 มิถุนายน พ.ศ. 2569"),
        ("ru_RU", "Europe/Moscow", .long, .none, "3 июня 2026\u{202F}г."),
        ("cs_CZ", "Europe/Prague", .full, .none, "středa 3. června 2026"),
    ])
    func styles(locale: String, zone: String, date: DateTimeFormatter.Style, time: DateTimeFormatter.Style, expected: String) throws {
        let formatter = try DateTimeFormatter(date: date, time: time, locale: id(locale), timeZone: zone)
        #expect(try formatter.format(moment) == expected)
    }

    @Test("The calendar follows the locale or the option")
    func calendars() throws {
        #expect(try DateTimeFormatter(date: .long, time: .none, locale: id("ar_SA")).calendar.identifier == PerICU.value(icu72: "islamic-umalqura", icu76: "gregorian"))
        #expect(try DateTimeFormatter(date: .long, time: .none, locale: id("th_TH")).calendar.identifier == "buddhist")
        let hijri = try DateTimeFormatter(date: .long, time: .none, locale: id("en_US"), calendar: CalendarSystem("islamic-umalqura"), timeZone: "UTC")
        #expect(try hijri.format(moment) == "Dhuʻl-Hijjah 17, 1447 AH")
        let amete = try DateTimeFormatter(date: .long, time: .none, locale: id("en"), calendar: CalendarSystem("ethioaa"), timeZone: "UTC")
        #expect(amete.calendar.identifier == "ethiopic-amete-alem")
        #expect(try amete.format(moment).contains("7518"))
        #expect(throws: FormattingError.unknownCalendar("bogus")) {
            try DateTimeFormatter(date: .long, time: .none, locale: id("en@calendar=bogus"))
        }
    }

    @Test("Templates give the locale's best pattern (the seed examples)")
    func templates() throws {
        let us = try DateTimeFormatter(template: "MMMMd", locale: id("en_US"), timeZone: "UTC")
        let gb = try DateTimeFormatter(template: "MMMMd", locale: id("en_GB"), timeZone: "UTC")
        #expect(try us.format(moment) == "June 3")
        #expect(try gb.format(moment) == "3 June")
        let cn = try DateTimeFormatter(template: "yMMMd", locale: id("zh_CN"), timeZone: "Asia/Shanghai")
        #expect(cn.pattern == "y年M月d日")
        #expect(try cn.format(moment) == "2026年6月3日")
        #expect(try DateTimeFormatter(template: "jm", locale: id("en_GB"), timeZone: "Europe/London").format(moment) == "16:07")
        #expect(try DateTimeFormatter(template: "jm", locale: id("en_US"), timeZone: "UTC").pattern == "h:mm\u{202F}a")
        #expect(try DateTimeFormatter(template: "MMMMEEEEd", locale: id("de_DE"), timeZone: "UTC").format(moment) == "Mittwoch, 3. Juni")
        #expect(throws: FormattingError.invalidSkeleton("y-M-d", offset: nil)) { try DateTimeFormatter(template: "y-M-d", locale: .root) }
        #expect(throws: FormattingError.invalidSkeleton("", offset: nil)) { try DateTimeFormatter(template: "", locale: .root) }
    }

    @Test("Hour cycle overrides, from the option or the locale's keyword")
    func hourCycles() throws {
        let h23 = try DateTimeFormatter(date: .medium, time: .short, locale: id("en_US"), timeZone: "UTC", hourCycle: .h23)
        #expect(try h23.format(moment) == "Jun 3, 2026, 15:07")
        let keyword = try DateTimeFormatter(date: .medium, time: .short, locale: id("en-US-u-hc-h23"), timeZone: "UTC")
        #expect(try keyword.format(moment) == "Jun 3, 2026, 15:07")
        let h12 = try DateTimeFormatter(date: .none, time: .short, locale: id("de_DE"), timeZone: "UTC", hourCycle: .h12)
        #expect(h12.pattern.contains("h") && h12.pattern.contains("a") && !h12.pattern.contains("H"))
        let zh = try DateTimeFormatter(date: .none, time: .short, locale: id("zh_CN"), timeZone: "UTC", hourCycle: .h12)
        #expect(try zh.format(moment) == "下午03:07")  // the day period goes first, as in zh's own "h:mm" pattern
        #expect(try DateTimeFormatter(template: "jm", locale: id("en_US"), timeZone: "UTC", hourCycle: .h23).format(moment) == "15:07")
    }

    @Test("Capitalization context: Czech months, Russian standalone vs genitive")
    func capitalization() throws {
        func cs(_ context: CapitalizationContext) throws -> String {
            try DateTimeFormatter(template: "LLLL", locale: id("cs_CZ"), timeZone: "UTC", context: context).format(moment)
        }
        #expect(try cs(.none) == "červen")
        #expect(try cs(.middleOfSentence) == "červen")
        #expect(try cs(.beginningOfSentence) == "Červen")
        #expect(try cs(.listItem) == "Červen")
        let ru = try DateTimeFormatter(template: "LLLL", locale: id("ru_RU"), timeZone: "UTC")
        #expect(try ru.format(moment) == "июнь")  // nominative, standalone
        #expect(try DateTimeFormatter(template: "MMMMd", locale: id("ru_RU"), timeZone: "UTC").format(moment) == "3 июня")  // genitive
        let dynamic = try DateTimeFormatter(template: "LLLL", locale: id("cs_CZ"), timeZone: "UTC", context: .dynamic)
        #expect(try dynamic.format(moment, into: "{0} je měsíc.") == "Červen je měsíc.")
        #expect(try dynamic.format(moment, into: "Teď je {0}.") == "Teď je červen.")
        #expect(try dynamic.format(moment, into: "Hotovo. „{0}“ začíná.") == "Hotovo. „Červen“ začíná.")
    }

    @Test("parse(format(x)) == x for every style and locale")
    func roundTrips() throws {
        let locales = ["en_US", "en_GB", "fr_FR", "de_DE", "zh_CN", "ja_JP@calendar=japanese", "ar_SA", "he_IL@calendar=hebrew", "hi_IN", "th_TH", "ru_RU", "cs_CZ"]
        let styles: [DateTimeFormatter.Style] = [.short, .medium, .long, .full]
        var checked = 0
        for locale in locales {
            for date in styles {
                for time in styles + [.none] {
                    let formatter = try DateTimeFormatter(date: date, time: time, locale: id(locale), timeZone: "Europe/Paris")
                    let text = try formatter.format(moment)
                    let back = try formatter.parse(text)
                    if time == .none {
                        // Midnight of that day in Paris.
                        #expect(back == Date(timeIntervalSince1970: 1_780_437_600), "\(locale) \(date): \(text)")
                    } else {
                        #expect(back == moment, "\(locale) \(date)/\(time): \(text)")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked == 12 * 4 * 5)
    }

    @Test("Parse errors carry the UTF-8 offset; lenient parsing accepts more")
    func parseErrors() throws {
        let us = try DateTimeFormatter(date: .medium, time: .none, locale: id("en_US"), timeZone: "UTC")
        #expect(throws: FormattingError.unparseable("Jun 3", byteOffset: 5)) { try us.parse("Jun 3") }
        #expect(throws: FormattingError.unparseable("", byteOffset: 0)) { try us.parse("") }
        #expect(throws: FormattingError.unparseable("Jun 3, 2026 trailing", byteOffset: 12)) { try us.parse("Jun 3, 2026 trailing") }
        let numeric = "6/3/2026"
        #expect(throws: FormattingError.self) { try us.parse(numeric) }
        #expect(try us.parse(numeric, lenient: true) == Date(timeIntervalSince1970: 1_780_444_800))
        let ja = try DateTimeFormatter(date: .long, time: .none, locale: id("ja_JP"), timeZone: "UTC")
        // "2026年6月x日": the offset counts UTF-8 bytes, not UTF-16 units.
        #expect(throws: FormattingError.unparseable("2026年6月x日", byteOffset: 11)) { try ja.parse("2026年6月x日") }
    }

    @Test("a fraction of a second with 35+ digits is refused, not handed to ICU (which dies of SIGFPE)")
    func overlongFraction() throws {
        let millis = try DateTimeFormatter(pattern: "HH:mm:ss.SSS", timeZone: "UTC")
        // Runs up to 31 digits still go to ICU (whose Int32 arithmetic makes what it makes of them).
        #expect(try millis.parse("00:00:01.555") == Date(timeIntervalSince1970: 1.555))
        #expect(throws: Never.self) { try millis.parse("00:00:01." + String(repeating: "5", count: 31)) }
        for digits in [32, 35, 200] {
            let text = "00:00:01." + String(repeating: "1", count: digits)
            #expect(throws: FormattingError.unparseable(text, byteOffset: 9)) { try millis.parse(text) }
            #expect(throws: FormattingError.unparseable(text, byteOffset: 9)) { try millis.parse(text, lenient: true) }
        }
        // Digits of any script count (Arabic-Indic here: two bytes each), and a quoted S is no field.
        let arabic = "00:00:01." + String(repeating: "\u{661}", count: 40)
        #expect(throws: FormattingError.unparseable(arabic, byteOffset: 9)) { try millis.parse(arabic) }
        let quoted = try DateTimeFormatter(pattern: "'S'yyyy", timeZone: "UTC")
        let year = "S" + String(repeating: "1", count: 40)
        do { _ = try quoted.parse(year) } catch { #expect(error != .unparseable(year, byteOffset: 1), "refused as a fraction") }
        // The regression input DatePatternFuzz found (pattern ".S.SSSSSSSS0…0S…", its own output parsed).
        let fuzzed = try DateTimeFormatter(pattern: ".S.SSSSSSSS" + String(repeating: "0", count: 110) + "S\u{1}A   v   ", timeZone: "America/Sao_Paulo")
        let output = try fuzzed.format(Date(timeIntervalSince1970: 0))
        #expect(throws: FormattingError.self) { try fuzzed.parse(output) }
    }

    @Test("Explicit patterns, time zones and bad input")
    func patternsAndErrors() throws {
        let iso = try DateTimeFormatter(pattern: "yyyy-MM-dd'T'HH:mm:ssXXX", timeZone: "Asia/Kolkata")
        #expect(try iso.format(moment) == "2026-06-03T20:37:00+05:30")
        #expect(try iso.parse("2026-06-03T15:07:00Z") == moment)
        #expect(try DateTimeFormatter(pattern: "HH:mm", timeZone: "US/Pacific").timeZone == "America/Los_Angeles")
        #expect(throws: FormattingError.unknownTimeZone("Mars/Olympus_Mons")) {
            try DateTimeFormatter(date: .short, time: .short, locale: id("en"), timeZone: "Mars/Olympus_Mons")
        }
        #expect(throws: FormattingError.unknownLocale("xx")) { try DateTimeFormatter(date: .short, time: .none, locale: id("xx"), strict: true) }
        let f = try DateTimeFormatter(date: .short, time: .short, locale: id("en"), timeZone: "UTC")
        #expect(throws: FormattingError.self) { try f.format(Date(timeIntervalSince1970: .infinity)) }
        #expect(throws: FormattingError.self) { try f.format(Date(timeIntervalSince1970: .nan)) }
        #expect(try !f.format(Date(timeIntervalSince1970: -1e13)).isEmpty)  // far past, still formats
    }

    @Test("Formatters are cached and safe to share between threads")
    func concurrency() async throws {
        let formatter = try DateTimeFormatter(date: .full, time: .medium, locale: id("fr_FR"), timeZone: "Europe/Paris")
        let expected = try (0..<200).map { try formatter.format(moment.addingTimeInterval(Double($0) * 86_399)) }
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try (0..<200).allSatisfy { try formatter.format(moment.addingTimeInterval(Double($0) * 86_399)) == expected[$0] }
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 8))
        #expect(try DateTimeFormatter(date: .full, time: .medium, locale: id("fr_FR"), timeZone: "Europe/Paris") == formatter)
    }
}

@Suite("Intervals, relative times and durations")
struct IntervalDurationRelativeTests {
    let may1 = Date(timeIntervalSince1970: 1_777_593_600)  // 2026-05-01T00:00:00Z

    @Test("Intervals show shared parts once")
    func intervals() throws {
        let may3 = may1.addingTimeInterval(2 * 86400)
        func range(_ locale: String, _ end: Date, _ template: String = "yMMMd") throws -> String {
            try DateRangeFormatter(template: template, locale: id(locale), timeZone: "UTC").format(may1, end)
        }
        #expect(try range("en_US", may3) == "May 1\u{2009}–\u{2009}3, 2026")
        #expect(try range("de_DE", may3) == "1.–3. Mai 2026")
        #expect(try range("fr_FR", may3) == "1–3 mai 2026")
        #expect(try range("zh_CN", may3) == "2026年5月1日至3日")
        #expect(try range("ja_JP", may3) == "2026年5月1日～3日")
        #expect(try range("en_US", may1) == "May 1, 2026")
        #expect(try range("en_GB", may1.addingTimeInterval(3600), "jm") == "00:00–01:00")
        #expect(try range("en_US", may1.addingTimeInterval(40 * 86400), "yMMM") == "May\u{2009}–\u{2009}Jun 2026")
        #expect(throws: FormattingError.invalidSkeleton("y M", offset: nil)) { try DateRangeFormatter(template: "y M", locale: .root) }
        #expect(throws: FormattingError.self) { try DateRangeFormatter(locale: .root).format(may1, Date(timeIntervalSince1970: .nan)) }
    }

    @Test("Relative times: named and numeric, widths, languages")
    func relative() throws {
        let en = try RelativeTimeFormatter(locale: id("en"))
        #expect(try en.format(seconds: -86400) == "yesterday")
        #expect(try en.format(seconds: 3 * 3600) == "in 3 hours")
        #expect(try en.format(seconds: 0) == "now")
        #expect(try en.format(seconds: -14 * 86400) == "2 weeks ago")
        #expect(try en.format(1, .quarter) == "next quarter")
        #expect(try RelativeTimeFormatter(locale: id("en"), numeric: true).format(seconds: -86400) == "1 day ago")
        #expect(try RelativeTimeFormatter(locale: id("en"), width: .short).format(seconds: -7200) == "2 hr. ago")
        #expect(try RelativeTimeFormatter(locale: id("fr")).format(seconds: -7200) == "il y a 2 heures")
        #expect(try RelativeTimeFormatter(locale: id("fr")).format(-1, .day) == "hier")
        #expect(try RelativeTimeFormatter(locale: id("fr"), numeric: true, context: .beginningOfSentence).format(seconds: -86400) == "Il y a 1 jour")
        #expect(try RelativeTimeFormatter(locale: id("ru")).format(seconds: 3 * 3600) == "через 3 часа")
        #expect(try RelativeTimeFormatter(locale: id("ar")).format(seconds: -7200) == "قبل ساعتين")
        #expect(throws: FormattingError.self) { try en.format(seconds: .infinity) }
    }

    @Test("Durations in every units style (DateComponentsFormatter's examples)")
    func durationStyles() throws {
        func duration(_ locale: String, _ style: DurationFormatter.UnitsStyle, _ seconds: Double) throws -> String {
            try DurationFormatter(locale: id(locale), options: .init(unitsStyle: style)).format(seconds: seconds)
        }
        #expect(try duration("en", .positional, 3725) == "1:02:05")
        #expect(try duration("en", .positional, 5) == "0:05")
        #expect(try duration("en", .positional, 90061) == "1:01:01:01")
        #expect(try duration("en", .abbreviated, 3725) == "1h 2m 5s")
        #expect(try duration("en", .brief, 3725) == "1 hr 2 min 5 sec")
        #expect(try duration("en", .short, 3725) == "1 hr, 2 min, 5 sec")
        #expect(try duration("en", .full, 3725) == "1 hour, 2 minutes, 5 seconds")
        #expect(try duration("en", .spellOut, 3725) == "one hour, two minutes, five seconds")
        #expect(try duration("en", .full, 0) == "0 seconds")
        #expect(try duration("en", .full, -3725) == "-1 hour, 2 minutes, 5 seconds")
        #expect(try duration("fr", .full, 3725) == "1\u{A0}heure, 2 minutes et 5\u{A0}secondes")
        #expect(try duration("fr", .spellOut, 3725) == "une\u{A0}heure, deux minutes et cinq\u{A0}secondes")  // feminine "heure"
        #expect(try duration("de", .spellOut, 3600) == "eine Stunde")
        #expect(try duration("ru", .full, 3725) == "1 час 2 минуты 5 секунд")
        #expect(try duration("da", .positional, 3725) == "1.02.05")  // CLDR's "h.mm.ss"
        #expect(try duration("ar", .positional, 3725) == PerICU.value(icu72: "١:٠٢:٠٥", icu76: "1:02:05"))
        #expect(try duration("ar-u-nu-arab", .positional, 3725) == "١:٠٢:٠٥")
    }

    /// Issue 17: the approximation phrase is there in every locale ICU has data for, and it is
    /// that locale's CLDR approximately pattern around the exact text (ICU's own range
    /// formatter, which writes "~5" for a range 5–5 through the same pattern, is the oracle).
    @Test("The approximately pattern marks durations in every available locale")
    func approximateEverywhere() throws {
        let locales = LocaleID.available
        #expect(locales.count > 500)
        for locale in locales {
            for style in [DurationFormatter.UnitsStyle.full, .abbreviated, .positional] {
                let exact = try DurationFormatter(locale: locale, options: .init(unitsStyle: style)).format(seconds: 300)
                let marked = try DurationFormatter(locale: locale, options: .init(unitsStyle: style, approximate: true)).format(seconds: 300)
                let five = try ICUNumberFormatter(skeleton: "", locale: locale).format(5)
                let range = try NumberRangeFormatter(skeleton: "", locale: locale).format(5, 5)
                let pattern = range.replacingOccurrences(of: five, with: "{0}")
                #expect(marked != exact, "\(locale) \(style)")
                #expect(marked == pattern.replacingOccurrences(of: "{0}", with: exact), "\(locale) \(style): \(marked) vs \(pattern)")
            }
        }
        #expect(try DurationFormatter(locale: "de", options: .init(unitsStyle: .full, approximate: true)).format(seconds: 300) == "≈5 Minuten")
    }

    @Test("Allowed units, maximum count, zero units, collapsing, approximation, remaining")
    func durationOptions() throws {
        func duration(_ seconds: Double, _ options: DurationFormatter.Options, _ locale: String = "en") throws -> String {
            try DurationFormatter(locale: id(locale), options: options).format(seconds: seconds)
        }
        #expect(try duration(3725, .init(unitsStyle: .full, allowedUnits: [.minute, .second])) == "62 minutes, 5 seconds")
        #expect(try duration(3725, .init(unitsStyle: .full, allowedUnits: [.hour])) == "1 hour")
        #expect(try duration(3725, .init(unitsStyle: .full, maximumUnitCount: 2)) == "1 hour, 2 minutes")
        #expect(try duration(3725, .init(unitsStyle: .short, maximumUnitCount: 1, approximate: true)) == "~1 hr")
        // Always marked when asked, as Apple's includesApproximationPhrase ("About 1 hour"), exact or not.
        #expect(try duration(3600, .init(unitsStyle: .short, maximumUnitCount: 1, approximate: true)) == "~1 hr")
        #expect(try duration(300, .init(unitsStyle: .full, approximate: true, remaining: true)) == "~5 minutes remaining")
        #expect(try duration(65, .init(approximate: true)) == "~1:05")
        #expect(try duration(3605, .init(unitsStyle: .full, allowedUnits: [.hour, .minute, .second])) == "1 hour, 5 seconds")
        #expect(try duration(3605, .init(unitsStyle: .full, allowedUnits: [.hour, .minute, .second], zeroUnits: .pad)) == "1 hour, 0 minutes, 5 seconds")
        #expect(try duration(65, .init(unitsStyle: .positional, allowedUnits: [.hour, .minute, .second], zeroUnits: .pad)) == "00:01:05")
        #expect(try duration(3600, .init(unitsStyle: .abbreviated, allowedUnits: [.hour, .minute, .second], zeroUnits: .dropLeading)) == "1h 0m 0s")
        #expect(try duration(3600, .init(unitsStyle: .abbreviated, allowedUnits: [.hour, .minute, .second], zeroUnits: .dropTrailing)) == "1h")
        #expect(try duration(65, .init(unitsStyle: .full, allowedUnits: [.minute, .second], collapsesLargestUnit: true)) == "65 seconds")
        #expect(try duration(125, .init(unitsStyle: .full, allowedUnits: [.minute, .second], collapsesLargestUnit: true)) == "2 minutes, 5 seconds")
        #expect(try duration(300, .init(unitsStyle: .full, remaining: true)) == "5 minutes remaining")
        #expect(try duration(300, .init(unitsStyle: .full, context: .beginningOfSentence)) == "5 minutes")
        #expect(try duration(300, .init(unitsStyle: .spellOut, context: .beginningOfSentence)) == "Five minutes")
        #expect(throws: FormattingError.unavailable("the \"remaining\" phrase", locale: "fr")) {
            try DurationFormatter(locale: id("fr"), options: .init(remaining: true))
        }
        #expect(throws: FormattingError.self) { try DurationFormatter(locale: id("en"), options: .init(allowedUnits: [])) }
        #expect(throws: FormattingError.self) { try DurationFormatter(locale: id("en")).format(seconds: .nan) }
        let components = DurationFormatter.Components(days: 1, hours: 2)
        #expect(try DurationFormatter(locale: id("en"), options: .init(unitsStyle: .full)).format(components) == "1 day, 2 hours")
    }
}

@Suite("ISO 8601 instants")
struct ISO8601TextTests {
    @Test("Forms, offsets, zones, proleptic Gregorian")
    func parse() throws {
        #expect(try ISO8601Text.parse("2026-06-03T15:07:00Z") == moment)
        #expect(try ISO8601Text.parse("2026-06-03T17:07+02:00") == moment)
        #expect(try ISO8601Text.parse("2026-06-03 20:37:00.000+0530") == moment)
        #expect(try ISO8601Text.parse("2026-06-03T11:07:00", timeZone: "America/New_York") == moment)
        #expect(try ISO8601Text.parse("2026-06-03", timeZone: "Asia/Tokyo") == Date(timeIntervalSince1970: 1_780_412_400))
        #expect(try ISO8601Text.parse("1970-01-01T00:00:00.5Z") == Date(timeIntervalSince1970: 0.5))
        // Proleptic: 1582-10-04 (Julian, ICU) is followed by 1582-10-15; ISO counts on.
        #expect(try ISO8601Text.parse("1582-10-05T00:00:00Z").timeIntervalSince1970 == -12_220_156_800)
        #expect(try ISO8601Text.parse("-000001-01-01T00:00:00Z").timeIntervalSince1970 == -62_198_755_200)
        for text in ["2026-01-01T00:00:00Z", "1600-02-29T12:34:56.789Z", "0000-03-01T00:00:00Z", "+012345-06-07T08:09:10Z", "-004713-11-24T12:00:00Z"] {
            #expect(ISO8601Text.string(from: try ISO8601Text.parse(text)) == text)
        }
    }

    @Test("Errors point at the byte that does not fit")
    func errors() throws {
        #expect(throws: FormattingError.unparseable("2026-02-30", byteOffset: 8)) { try ISO8601Text.parse("2026-02-30") }
        #expect(throws: FormattingError.unparseable("2026-06-03T25:00Z", byteOffset: 13)) { try ISO8601Text.parse("2026-06-03T25:00Z") }
        #expect(throws: FormattingError.unparseable("2026-06-03x", byteOffset: 10)) { try ISO8601Text.parse("2026-06-03x") }
        #expect(throws: FormattingError.unparseable("", byteOffset: 0)) { try ISO8601Text.parse("") }
        #expect(throws: FormattingError.unknownTimeZone("Nowhere/Land")) { try ISO8601Text.parse("2026-06-03", timeZone: "Nowhere/Land") }
    }
}
