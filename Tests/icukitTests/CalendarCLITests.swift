import Foundation
@testable @_spi(Internals) import ICUKit
import Testing

/// `icukit calendar` end to end: the ARCHITECTURE.md contract (json fields, 1-based months,
/// Hebrew Adar I = 6, exit 64 for an unknown calendar).
@Suite("icukit calendar")
struct CalendarCLITests {
    let cli = CLITests()

    @Test("convert: the contract's json fields, in order")
    func convert() throws {
        let hijri = try cli.run(["calendar", "convert", "2026-11-22", "--to", "islamic-umalqura"], input: "")
        #expect(hijri.status == 0)
        #expect(hijri.stdout == """
            {"date":"2026-11-22","calendar":"islamic-umalqura","era":0,"eraName":"AH","year":1448,"month":6,"isLeapMonth":false,"day":12,"extendedYear":1448,"monthName":"Jumada II"}

            """)
        let chinese = try cli.run(["calendar", "convert", "2023-04-01", "--to", "chinese", "--format", "json"], input: "")
        #expect(chinese.stdout.hasPrefix("{\"date\":\"2023-04-01\",\"calendar\":\"chinese\",\"era\":78,\"eraName\":\"78\",\"year\":40,\"month\":2,\"isLeapMonth\":true,\"day\":11,\"extendedYear\":4660,"))
        let adar = try cli.run(["calendar", "convert", "--to", "hebrew"], input: "2024-03-01\n2024-03-21\n")
        let lines = adar.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("\"month\":6,\"isLeapMonth\":true,\"day\":21") == true && lines.first?.contains("Adar I") == true)
        #expect(lines.last?.contains("\"month\":7,\"isLeapMonth\":false,\"day\":11") == true && lines.last?.contains("Adar II") == true)
        let reiwa = try cli.run(["calendar", "convert", "2019-05-01", "--to", "japanese"], input: "")
        #expect(reiwa.stdout.contains("\"era\":236,\"eraName\":\"Reiwa\",\"year\":1,\"month\":5,"))
        let alias = try cli.run(["calendar", "convert", "2026-11-22", "--to", "ethioaa"], input: "")
        #expect(alias.stdout.contains("\"calendar\":\"ethiopic-amete-alem\""))
    }

    @Test("unknown calendar or time zone: exit 64; a malformed date or a missing day: 65")
    func errors() throws {
        let unknown = try cli.run(["calendar", "convert", "2026-11-22", "--to", "julian"], input: "")
        #expect(unknown.status == 64 && unknown.stderr.hasPrefix("icukit: error: unknown calendar \"julian\""))
        #expect(try cli.run(["calendar", "month", "2026-11-22", "--overlay", "lunar"], input: "").status == 64)
        #expect(try cli.run(["calendar", "convert", "2026-11-22", "--to", "gregorian", "--time-zone", "Mars/Base"], input: "").status == 64)
        #expect(try cli.run(["calendar", "convert", "2026-02-30", "--to", "chinese"], input: "").status == 65)
        let noAdarI = try cli.run(["calendar", "from", "--calendar", "hebrew", "--year", "5783", "--month", "6", "--day", "1"], input: "")
        #expect(noAdarI.status == 65 && noAdarI.stderr.contains("no leap month 6"))
        let day30 = try cli.run(["calendar", "from", "--calendar", "islamic-umalqura", "--year", "1447", "--month", "10", "--day", "30"], input: "")
        #expect(day30.status == 65 && day30.stderr.contains("day 30 is out of range (1...29)"))
    }

    @Test("from, add, diff")
    func fromAddDiff() throws {
        func out(_ arguments: [String]) throws -> String { try cli.run(arguments, input: "").stdout }
        #expect(try out(["calendar", "from", "--calendar", "hebrew", "--year", "5784", "--month", "6", "--leap", "--day", "1"]) == "2024-02-10\n")
        #expect(try out(["calendar", "from", "--calendar", "chinese", "--year", "2023", "--month", "2", "--leap", "--day", "1"]) == "2023-03-22\n")
        #expect(try out(["calendar", "from", "--calendar", "japanese", "--era", "236", "--year", "1", "--month", "5", "--day", "1"]) == "2019-05-01\n")
        #expect(try out(["calendar", "from", "--calendar", "persian", "--year", "1405", "--month", "1", "--day", "1"]) == "2026-03-21\n")
        #expect(try out(["calendar", "add", "2023-01-22", "--calendar", "chinese", "--months", "1"]) == "2023-02-20\n")
        // 30 M02 → the leap month M02L, which has 29 days: pinned to its last day.
        #expect(try out(["calendar", "add", "2023-03-21", "--calendar", "chinese", "--months", "1"]) == "2023-04-19\n")
        #expect(try out(["calendar", "add", "2023-03-19", "--calendar", "chinese", "--months", "1"]) == "2023-04-18\n")
        #expect(try out(["calendar", "add", "2023-03-22", "--calendar", "chinese", "--months", "-1"]) == "2023-02-20\n")
        #expect(try out(["calendar", "add", "2024-01-31", "--calendar", "gregorian", "--months", "1"]) == "2024-02-29\n")
        #expect(try out(["calendar", "add", "2026-11-22", "--calendar", "gregorian", "--years", "-1", "--days", "10"]) == "2025-12-02\n")
        #expect(try out(["calendar", "diff", "2026-02-18", "2027-02-08", "--calendar", "islamic-umalqura", "--unit", "months"]) == "12\n")  // 1 Ramadan to 1 Ramadan
        #expect(try out(["calendar", "diff", "2027-02-08", "2026-02-18", "--calendar", "islamic-umalqura", "--unit", "days"]) == "-355\n")
        #expect(try out(["calendar", "diff", "2023-01-22", "2024-02-10", "--calendar", "chinese", "--unit", "months"]) == "13\n")
    }

    @Test("month: a grid with the overlay's day under each day")
    func month() throws {
        let grid = try cli.run(["calendar", "month", "2026-11-22", "--calendar", "gregorian", "--overlay", "chinese"], input: "")
        #expect(grid.status == 0)
        let lines = grid.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "November 2026  ·  chinese: Ninth Month 2026 – Tenth Month 2026")
        #expect(lines[1] == "   Su   Mo   Tu   We   Th   Fr   Sa")
        #expect(lines[2] == "    1    2    3    4    5    6    7")
        #expect(lines[3] == "   23   24   25   26   27   28   29")
        #expect(lines[5] == "   30  M10    2    3    4    5    6")  // 2026-11-09 is the first of the tenth lunar month
        let hijri = try cli.run(["calendar", "month", "2026-03-01", "--overlay", "islamic-umalqura"], input: "")
        #expect(hijri.stdout.contains("Ramadan 1447 – Shawwal 1447"))
        #expect(hijri.stdout.contains("   26   27   28   29   30  M10    2"))
    }

    /// The proof that ICUKit's month tables answer exactly as ICU does, each calendar in a
    /// fresh process (ICU 72 shares a cache between chinese and dangi, see MonthTable).
    /// Here: 1955–1960 and 2025–2035 with month arithmetic; the full 1900–2100 run is
    /// `icukit calendar verify-tables --calendar chinese --arithmetic` (0 differences,
    /// see ARCHITECTURE.md), too slow for a debug-build test run.
    @Test("verify-tables: every field and month addition identical to ICU", arguments: ["chinese", "dangi", "islamic-umalqura"])
    func verifyTables(_ calendar: String) throws {
        for (from, through) in [("1955-01-01", "1960-12-31"), ("2025-01-01", "2035-12-31")] {
            let result = try cli.run(["calendar", "verify-tables", "--calendar", calendar, "--from", from, "--through", through, "--arithmetic"], input: "")
            #expect(result.status == 0)
            #expect(result.stdout == "0 differences\n", "\(result.stdout.prefix(2000))")
        }
    }

    @Test("tour includes calendars")
    func tour() throws {
        let tour = try cli.run(["tour"], input: "")
        #expect(tour.status == 0)
        #expect(tour.stdout.contains("== Calendars"))
        #expect(tour.stdout.contains("next Chinese New Year: 2027-02-06"))
    }

    /// `year`, `month`, `isLeapMonth`, `day` and `extendedYear` of one `convert` JSON line.
    static func fields(_ line: Substring) -> [Int]? {
        func value(_ key: String) -> Int? {
            guard let range = line.range(of: "\"\(key)\":") else { return nil }
            let rest = line[range.upperBound...]
            if rest.hasPrefix("true") { return 1 }
            if rest.hasPrefix("false") { return 0 }
            return Int(rest.prefix { $0 == "-" || $0.isNumber })
        }
        let values = ["year", "month", "isLeapMonth", "day", "extendedYear"].compactMap(value)
        return values.count == 5 ? values : nil
    }

    /// Every day of a range through `calendar convert --to`, against the expected fields.
    func compareEveryDay(_ calendar: String, _ first: (Int, Int, Int), _ last: (Int, Int, Int), engine: [String] = [],
                         expected: (Int) -> [Int]) throws {
        let days = ISODay.days(year: first.0, month: first.1, day: first.2)...ISODay.days(year: last.0, month: last.1, day: last.2)
        let input = days.map { ISODay.string(for: Date(timeIntervalSince1970: Double($0) * 86_400)) }.joined(separator: "\n") + "\n"
        let result = try cli.run(["calendar", "convert", "--to", calendar] + engine, input: input)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == days.count)
        var failures = 0
        for (day, line) in zip(days, lines) where Self.fields(line) != expected(day) {
            failures += 1
            if failures < 4 { Issue.record("\(line): want \(expected(day))") }
        }
        #expect(failures == 0)
    }

    @Test("convert: every day 1901–2100 in chinese as the Hong Kong Observatory's table, 1901–2050 in dangi as KASI's")
    func lunisolarEveryDay() throws {
        for (identifier, last) in [("chinese", (2100, 12, 31)), ("dangi", (2050, 12, 31))] {
            let table = try #require(LunisolarTable.table(for: identifier))
            try compareEveryDay(identifier, (1901, 1, 1), last) { day in
                guard let f = table.fields(day: day) else { return [] }
                let cycleYear = f.extendedYear + (identifier == "dangi" ? 304 : 0) - 1
                return [cycleYear % 60 + 1, f.month, f.isLeap ? 1 : 0, f.day, f.extendedYear]
            }
        }
    }

    @Test("convert: every day 1900–2240 in hebrew by the postponement rules")
    func hebrewEveryDay() throws {
        try compareEveryDay("hebrew", (1900, 1, 1), (2240, 12, 31)) { day in
            let f = HebrewNewYear.fields(day: day)
            return [f.year, f.month + 1, f.month == 5 ? 1 : 0, f.day, f.year]
        }
    }

    @Test("--engine icu: ICU's own answers (Chinese New Year 2027, 1 Tishri 5807)")
    func engineICU() throws {
        let corrected = try cli.run(["calendar", "convert", "--to", "chinese", "2027-02-06"], input: "")
        #expect(corrected.stdout.contains("\"month\":1,\"isLeapMonth\":false,\"day\":1,\"extendedYear\":4664"))
        let icu = try cli.run(["calendar", "convert", "--to", "chinese", "--engine", "icu", "2027-02-06", "2027-02-07"], input: "")
        #expect(icu.stdout.split(separator: "\n").map { Self.fields($0) ?? [] } == [[43, 12, 0, 30, 4663], [44, 1, 0, 1, 4664]])
        let from = try cli.run(["calendar", "from", "--calendar", "chinese", "--year", "2027", "--month", "1", "--day", "1"], input: "")
        #expect(from.stdout == "2027-02-06\n")
        let fromICU = try cli.run(["calendar", "from", "--calendar", "chinese", "--year", "2027", "--month", "1", "--day", "1", "--engine", "icu"], input: "")
        #expect(fromICU.stdout == "2027-02-07\n")
        let tishri = try cli.run(["calendar", "convert", "--to", "hebrew", "2046-10-01"], input: "")
        #expect(Self.fields(tishri.stdout.dropLast()) == [5807, 1, 0, 1, 5807])
        let tishriICU = try cli.run(["calendar", "convert", "--to", "hebrew", "--engine", "icu", "2046-10-01"], input: "")
        #expect(Self.fields(tishriICU.stdout.dropLast()) == [5806, 13, 0, 29, 5806])  // ICU: 5806 lasts a day longer
        let grid = try cli.run(["calendar", "month", "--calendar", "chinese", "2027-02-06"], input: "")
        #expect(grid.stdout.hasPrefix("First Month 44 78\n") && grid.stdout.contains("                                  1\n"))
        let format = try cli.run(["format", "date", "--locale", "zh@calendar=chinese", "--style", "full", "--time-style", "none",
                                  "2027-02-06T12:00:00Z", "1917-03-23T12:00:00Z"], input: "")
        #expect(format.stdout == "2027丁未年正月初一星期六\n1917丁巳年闰二月初一星期五\n")
        let formatICU = try cli.run(["format", "date", "--locale", "zh@calendar=chinese", "--style", "full", "--time-style", "none",
                                     "--engine", "icu", "2027-02-06T12:00:00Z"], input: "")
        #expect(formatICU.stdout == "2026丙午年腊月三十星期六\n")
        let hebrew = try cli.run(["format", "date", "--locale", "en@calendar=hebrew", "--style", "full", "--time-style", "none",
                                  "2046-10-01T12:00:00Z"], input: "")
        #expect(hebrew.stdout == "Monday, 1 Tishri 5807\n")
    }
}
