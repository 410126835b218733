import Foundation
@_spi(Internals) import ICUKit
import Testing

/// One row of Data/calendar_refs.csv (see Data/README.md).
struct CalendarReference: Sendable {
    let gregorian: (year: Int, month: Int, day: Int)
    let iso: String
    let calendar: String, source: String, era: String
    let year: Int, month: Int, isLeapMonth: Bool, day: Int
    let monthCode: String
    let relatedYear: Int?
    let kind: String

    var date: Date { ISODay.date(year: gregorian.year, month: gregorian.month, day: gregorian.day) }

    static let all: [CalendarReference] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Data/calendar_refs.csv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        // The file has CRLF line ends (Python's csv module); split the bytes, not graphemes.
        return text.utf8.split(separator: UInt8(ascii: "\n")).dropFirst().compactMap { bytes in
            let line = String(decoding: bytes.filter { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 12, let g = ISODay.parse(f[0]), let year = Int(f[4]), let month = Int(f[5]), let day = Int(f[7])
            else { return nil }
            return CalendarReference(gregorian: g, iso: f[0], calendar: f[1], source: f[2], era: f[3], year: year, month: month,
                                     isLeapMonth: f[6] == "1", day: day, monthCode: f[8], relatedYear: Int(f[9]), kind: f[11])
        }
    }()

    /// Whether ICU's fields agree with the reference row.
    func agrees(with d: CalendarDate) -> Bool {
        guard d.year == year, d.month == month, d.isLeapMonth == isLeapMonth, d.day == day, d.monthCode == monthCode else { return false }
        switch calendar {
        case "chinese": return Int(era) == d.era && relatedYear == d.relatedGregorianYear
        case "japanese":
            return CalendarSystem.japaneseEras.first { $0.index == d.era }?.nativeName == era
        default: return true
        }
    }
}

@Suite("Calendar reference data (independent libraries)")
struct CalendarReferenceTests {
    static let rows = CalendarReference.all

    /// Rows of one calendar/source, with ICU's fields for each.
    static func compare(_ calendar: String, _ source: String, where keep: (CalendarReference) -> Bool = { _ in true })
        throws -> (total: Int, mismatches: [(CalendarReference, CalendarDate)]) {
        let system = try CalendarSystem(calendar)
        var total = 0
        var mismatches: [(CalendarReference, CalendarDate)] = []
        for row in rows where row.calendar == calendar && row.source == source && keep(row) {
            total += 1
            let fields = try system.calendarDate(for: row.date)
            if !row.agrees(with: fields) { mismatches.append((row, fields)) }
        }
        return (total, mismatches)
    }

    @Test("the data file is present and complete")
    func loaded() {
        #expect(Self.rows.count == 49_405)
    }

    @Test("islamic-civil agrees everywhere (tabular, Friday epoch)")
    func islamicCivil() throws {
        let (total, mismatches) = try Self.compare("islamic-civil", "convertdate.islamic")
        #expect(total == 8697)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3).map { "\($0.0.iso): \($0.1)" })")
    }

    @Test("Umm al-Qura month starts 1420–1450 AH agree with the Saudi table (hijridate)")
    func ummAlQuraMonthStarts() throws {
        let (total, mismatches) = try Self.compare("islamic-umalqura", "hijridate") { (1420...1450).contains($0.year) }
        #expect(total > 31 * 12 * 2)  // every month start and the day before
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3).map { "\($0.0.iso): \($0.1)" })")
        // Explicit month starts of 1420–1450: 372 months, each 29 or 30 days.
        let starts = Self.rows.filter { $0.source == "hijridate" && (1420...1450).contains($0.year) && $0.day == 1 }
        #expect(starts.count == 31 * 12)
    }

    @Test("Umm al-Qura outside ICU's table: ICU falls back to the civil calendar before 1300 AH")
    func ummAlQuraOutsideTable() throws {
        let (total, mismatches) = try Self.compare("islamic-umalqura", "hijridate")
        #expect(total == 5173)
        // hijridate uses the historical published tables from 1343 AH; ICU's table starts at
        // 1300 AH, yet the two differ in some early months (different source tables), and
        // never inside 1420–1450.
        #expect(mismatches.allSatisfy { !(1420...1450).contains($0.0.year) })
        let civil = try CalendarSystem("islamic-civil"), umalqura = try CalendarSystem("islamic-umalqura")
        for day in stride(from: -40_000, to: -30_000, by: 97) {  // 1860–1888, before 1300 AH
            let date = Date(timeIntervalSince1970: Double(day) * 86_400)
            let u = try umalqura.calendarDate(for: date), c = try civil.calendarDate(for: date)
            if u.year < 1300 { #expect((u.year, u.month, u.day) == (c.year, c.month, c.day)) }
        }
        let years = Set(mismatches.map(\.0.year)).sorted()
        print("umalqura vs hijridate: \(total - mismatches.count)/\(total) agree; differing years:", years.count, years.first ?? 0, years.last ?? 0,
              "inside 1300–1600:", years.filter { (1300...1600).contains($0) }.count, years.filter { (1300...1600).contains($0) }.suffix(10),
              mismatches.prefix(4).map { "\($0.0.iso) ref \($0.0.year)-\($0.0.month)-\($0.0.day) icu \($0.1.year)-\($0.1.month)-\($0.1.day)" })
    }

    @Test("islamic-tbla is one day off the Friday-epoch tables: ICU uses the Thursday (astronomical) epoch")
    func islamicTabular() throws {
        let civil = try CalendarSystem("islamic-civil"), tbla = try CalendarSystem("islamic-tbla")
        for row in Self.rows where row.source == "convertdate.islamic" && row.kind == "boundary" {
            let t = try tbla.calendarDate(for: row.date.addingTimeInterval(-86_400))
            #expect(row.agrees(with: t), "\(row.iso)")
            let c = try civil.calendarDate(for: row.date)
            #expect(row.agrees(with: c))
        }
    }

    @Test("Persian 1 Farvardin (Nowruz) 1300–1500 SH")
    func nowruz() throws {
        let (total, mismatches) = try Self.compare("persian", "convertdate.persian") { (1300...1500).contains($0.year) }
        #expect(total > 400)
        // convertdate.persian is arithmetic too; ICU 72 agrees on every Nowruz 1300–1478 SH
        // (1921–2099); after that the two arithmetic rules drift apart by a day in some years.
        let within = mismatches.filter { $0.0.gregorian.year < 2100 }
        #expect(within.isEmpty, "\(within.prefix(3).map { "\($0.0.iso): \($0.1)" })")
        print("persian 1300–1500 SH: \(total - mismatches.count)/\(total) agree; differences from",
              mismatches.first.map(\.0.iso) ?? "-")
        let persian = try CalendarSystem("persian")
        for year in 1300...1478 {
            let nowruz = try persian.date(year: year, month: 1, day: 1)
            let row = Self.rows.first { $0.source == "convertdate.persian" && $0.year == year && $0.month == 1 && $0.day == 1 }
            #expect(row?.iso == ISODay.string(for: nowruz), "Nowruz \(year)")
        }
    }

    @Test("Hebrew new years 5600–5900: ICU 72 agrees except where it postpones 1 Tishri twice")
    func hebrewNewYears() throws {
        let hebrew = try CalendarSystem("hebrew").withReckoning(.icu), corrected = try CalendarSystem("hebrew")
        var differences: [String] = []
        for row in Self.rows where row.source == "convertdate.hebrew" && row.month == 1 && row.day == 1 {
            #expect(ISODay.string(for: try corrected.date(year: row.year, month: 1, day: 1)) == row.iso)
            let icu = try hebrew.date(year: row.year, month: 1, day: 1)
            if ISODay.string(for: icu) != row.iso {
                // Every difference is ICU starting the year one day later (a second postponement).
                #expect(icu.timeIntervalSince(row.date) == 86_400, "\(row.year): ICU \(ISODay.string(for: icu)) vs \(row.iso)")
                differences.append("\(row.year): \(row.iso) vs ICU \(ISODay.string(for: icu))")
            }
        }
        // The documented example: the rules give Monday 2046-10-01 for 1 Tishri 5807, ICU 2046-10-02.
        #expect(differences.contains("5807: 2046-10-01 vs ICU 2046-10-02"))
        #expect(differences.count < 12, "\(differences)")
        print("hebrew new years differing from convertdate:", differences)
        let (total, mismatches) = try Self.compare("hebrew", "convertdate.hebrew")
        #expect(Double(total - mismatches.count) / Double(total) > 0.995)
    }

    @Test("Hebrew leap years follow the 19-year cycle: 13 months and Adar I (month 6, M05L)")
    func hebrewLeapYears() throws {
        let hebrew = try CalendarSystem("hebrew")
        for year in 5750...5850 {
            let isLeap = (7 * year + 1) % 19 < 7
            let newYear = try hebrew.date(year: year, month: 1, day: 1)
            #expect(try hebrew.numberOfMonths(inYearOf: newYear) == (isLeap ? 13 : 12), "\(year)")
            if isLeap {
                let adarI = try hebrew.calendarDate(for: hebrew.date(year: year, month: 6, isLeapMonth: true, day: 1))
                #expect(adarI.isLeapMonth && adarI.monthCode == "M05L" && adarI.month == 6)
                #expect(try hebrew.monthName(for: hebrew.date(year: year, month: 6, day: 1)) == "Adar I")
                #expect(try hebrew.monthName(for: hebrew.date(year: year, month: 7, day: 1)) == "Adar II")
            } else {
                #expect(throws: CalendarError.nonexistentLeapMonth(year: year, month: 6)) {
                    try hebrew.date(year: year, month: 6, isLeapMonth: true, day: 1)
                }
                #expect(throws: CalendarError.nonexistentLeapMonth(year: year, month: 6)) {
                    try hebrew.date(year: year, month: 6, day: 1)
                }
                #expect(try hebrew.monthName(for: hebrew.date(year: year, month: 7, day: 1)) == "Adar")
            }
        }
    }

    @Test("Chinese New Year 1901–2100 and every leap month (Hong Kong Observatory tables via lunardate, lunar-python for 2100)")
    func chineseNewYears() throws {
        let chinese = try CalendarSystem("chinese").withReckoning(.icu), corrected = try CalendarSystem("chinese")
        var newYearDifferences: [String] = []
        for year in 1901...2100 {
            let source = year <= 2099 ? "lunardate" : "lunar-python"
            guard let row = Self.rows.first(where: { $0.source == source && $0.relatedYear == year && $0.month == 1 && $0.day == 1 && !$0.isLeapMonth })
            else { Issue.record("no reference row for \(year)"); continue }
            #expect(ISODay.string(for: try corrected.date(year: year, month: 1, day: 1)) == row.iso)
            let icu = try chinese.date(year: year, month: 1, day: 1)
            if ISODay.string(for: icu) != row.iso {
                newYearDifferences.append("\(year): \(row.iso) vs ICU \(ISODay.string(for: icu))")
                #expect(abs(icu.timeIntervalSince(row.date)) == 86_400)
            } else {
                #expect(try chinese.calendarDate(for: row.date).relatedGregorianYear == year)
            }
        }
        // Each difference is a new moon within minutes of midnight in Beijing (1954-02-03
        // 23:55, 2027-02-06 23:56, 2030-02-03 00:07 UTC+8), where ICU 72's astronomy
        // lands on the other side of midnight.
        #expect(newYearDifferences == ["1954: 1954-02-03 vs ICU 1954-02-04", "2027: 2027-02-06 vs ICU 2027-02-07",
                                       "2030: 2030-02-03 vs ICU 2030-02-02"])
        print("Chinese New Year differences 1901–2100:", newYearDifferences)

        var leapDifferences: [String] = []
        let leapStarts = Self.rows.filter { $0.source == "lunardate" && $0.isLeapMonth && $0.day == 1 }
        #expect(leapStarts.count >= 70)  // about 7 leap months in 19 years over 1900–2099
        for row in leapStarts {
            let fixed = try corrected.calendarDate(for: row.date)
            #expect(fixed.isLeapMonth && fixed.month == row.month && fixed.day == 1, "\(row.iso)")
            let icu = try chinese.calendarDate(for: row.date)
            if !(icu.isLeapMonth && icu.month == row.month && icu.day == 1) {
                leapDifferences.append("\(row.iso) M\(row.month)L: ICU \(icu.monthCode) day \(icu.day)")
            }
            #expect(try chinese.numberOfMonths(inYearOf: row.date) == 13)
        }
        // ICU 72 puts these leap months one month later (a major solar term within minutes of
        // a new moon decides which month lacks one).
        #expect(leapDifferences == ["1917-03-23 M2L: ICU M03 day 1", "1922-06-25 M5L: ICU M06 day 1", "1987-07-26 M6L: ICU M07 day 1"])
        print("Chinese leap-month differences:", leapDifferences)
        let (total, mismatches) = try Self.compare("chinese", "lunardate")
        #expect(Double(total - mismatches.count) / Double(total) > 0.99)
        print("chinese vs lunardate: \(total - mismatches.count)/\(total); examples:",
              mismatches.prefix(6).map { "\($0.0.iso) ref \($0.0.monthCode)-\($0.0.day) icu \($0.1.monthCode)-\($0.1.day)" })
    }

    @Test("Japanese era starts from 1873 (the solar calendar) agree with japanera")
    func japaneseEras() throws {
        let (total, mismatches) = try Self.compare("japanese", "japanera") { $0.gregorian.year >= 1873 }
        #expect(total > 20)
        #expect(mismatches.isEmpty, "\(mismatches.map { "\($0.0.iso): \($0.1)" })")
        let modern = CalendarSystem.modernJapaneseEras
        #expect(modern.map(\.name) == ["Meiji", "Taishō", "Shōwa", "Heisei", "Reiwa"])
        #expect(modern.map(\.nativeName) == ["明治", "大正", "昭和", "平成", "令和"])
        #expect(modern.map { ISODay.string(year: $0.startYear, month: $0.startMonth, day: $0.startDay) }
            == ["1868-09-08", "1912-07-30", "1926-12-25", "1989-01-08", "2019-05-01"])
        let japanese = try CalendarSystem("japanese")
        for era in modern.dropFirst() {
            let start = try japanese.calendarDate(for: era.start)
            #expect(start.era == era.index && start.year == 1)
            let before = try japanese.calendarDate(for: era.start.addingTimeInterval(-86_400))
            #expect(before.era == era.index - 1)
            #expect(try japanese.date(era: era.index, year: 1, month: era.startMonth, day: era.startDay) == era.start)
        }
        #expect(CalendarSystem.japaneseEras.count == 237 && CalendarSystem.japaneseEras.first?.nativeName == "大化")
        let (all, allMismatches) = try Self.compare("japanese", "japanera")
        print("japanese eras: \(all - allMismatches.count)/\(all) agree over all eras since 645")
    }

    @Test("the Islamic civil epoch: 1 Muharram 1 AH is Friday 16 July 622 (Julian), 19 July proleptic Gregorian")
    func islamicEpoch() throws {
        let civil = try CalendarSystem("islamic-civil")
        let epoch = try civil.date(year: 1, month: 1, day: 1)
        #expect(ISODay.string(for: epoch) == "0622-07-19")
        let julian = try CalendarSystem.gregorian.calendarDate(for: epoch)  // ICU's Gregorian is Julian before 1582
        #expect((julian.year, julian.month, julian.day, julian.weekday) == (622, 7, 16, 6))
        let tbla = try CalendarSystem("islamic-tbla").date(year: 1, month: 1, day: 1)
        #expect(ISODay.string(for: tbla) == "0622-07-18")
    }
}
