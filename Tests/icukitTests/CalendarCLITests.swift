import Foundation
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
}
