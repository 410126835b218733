import Foundation
@testable @_spi(Internals) import ICUKit
import Testing

/// The packed Chinese and Dangi tables (`Scripts/build-lunisolar-tables.py`): the facts the
/// observatories' tables give, continuity, round trips, and the periods where ICU 72 differs.
@Suite("Lunisolar tables")
struct LunisolarTableTests {
    typealias Expected = (extendedYear: Int, month: Int, isLeap: Bool, day: Int)

    static func day(_ iso: String) -> Int {
        let (y, m, d) = ISODay.parse(iso)!
        return ISODay.days(year: y, month: m, day: d)
    }

    static func check(_ table: LunisolarTable, _ iso: String, _ expected: Expected, sourceLocation: SourceLocation = #_sourceLocation) {
        let fields = table.fields(day: day(iso))
        #expect(fields?.extendedYear == expected.extendedYear && fields?.month == expected.month
                    && fields?.relatedYear == expected.extendedYear - table.extendedYearOffset
                    && fields?.isLeap == expected.isLeap && fields?.day == expected.day,
                "\(table.identifier) \(iso): \(String(describing: fields))", sourceLocation: sourceLocation)
    }

    @Test("Chinese: the Hong Kong Observatory's dates where ICU 72 is wrong")
    func chineseFacts() {
        let t = LunisolarTable.chinese
        Self.check(t, "2027-02-06", (4664, 1, false, 1))   // Chinese New Year 2027 (new moon 23:57)
        Self.check(t, "2027-02-05", (4663, 12, false, 29))
        Self.check(t, "2018-11-08", (4655, 10, false, 1))  // 10th month per HKO
        Self.check(t, "2018-11-07", (4655, 9, false, 30))
        Self.check(t, "1917-03-23", (4554, 2, true, 1))    // leap months: 1917 L2, 1922 L5, 1987 L6
        Self.check(t, "1922-06-25", (4559, 5, true, 1))
        Self.check(t, "1987-07-26", (4624, 6, true, 1))
        Self.check(t, "1954-02-03", (4591, 1, false, 1))
        Self.check(t, "1955-02-22", (4592, 2, false, 1))
        Self.check(t, "1999-01-17", (4635, 12, false, 1))
        Self.check(t, "2012-08-17", (4649, 7, false, 1))
        Self.check(t, "2030-02-03", (4667, 1, false, 1))
        Self.check(t, "2030-02-02", (4666, 12, false, 30))
        Self.check(t, "2057-09-28", (4694, 9, false, 1))   // HKO: too close to call; the table follows HKO
        Self.check(t, "2089-09-04", (4726, 8, false, 1))
        Self.check(t, "2097-08-07", (4734, 7, false, 1))
        Self.check(t, "2070-03-12", (4707, 2, false, 1))
        Self.check(t, "1906-04-24", (4543, 4, false, 1))   // the Qing almanac, as HKO
        Self.check(t, "2033-12-22", (4670, 11, true, 1))   // the 2033 leap 11th month
        Self.check(t, "2023-03-22", (4660, 2, true, 1))
    }

    @Test("Dangi: KASI's dates where ICU 72 is wrong")
    func dangiFacts() {
        let t = LunisolarTable.dangi
        Self.check(t, "2017-02-26", (4350, 2, false, 1))
        Self.check(t, "2017-02-25", (4350, 1, false, 29))
        Self.check(t, "2017-01-28", (4350, 1, false, 1))
        Self.check(t, "2027-02-07", (4360, 1, false, 1))   // Korea (UTC+9): new moon 00:56 on 7 February
    }

    @Test("range: 1900 to 2101 new years, nil outside", arguments: ["chinese", "dangi"])
    func range(_ identifier: String) throws {
        let table = try #require(LunisolarTable.table(for: identifier))
        #expect(table.dayRange.lowerBound == Self.day("1900-01-31"))
        #expect(table.yearRange == (1900 + table.extendedYearOffset)...(2101 + table.extendedYearOffset))
        #expect(table.fields(day: table.dayRange.lowerBound - 1) == nil)
        #expect(table.fields(day: table.dayRange.upperBound + 1) == nil)
        #expect(table.year(extendedYear: table.yearRange.upperBound + 1) == nil)
        #expect(table.day(extendedYear: table.yearRange.lowerBound - 1, month: 1, isLeap: false, day: 1) == nil)
        #expect(table.day(extendedYear: 4660, month: 3, isLeap: true, day: 1) == nil)
    }

    @Test("continuity and round trips: every day of the table", arguments: ["chinese", "dangi"])
    func continuity(_ identifier: String) throws {
        let table = try #require(LunisolarTable.table(for: identifier))
        var previous = try #require(table.fields(day: table.dayRange.lowerBound))
        #expect(previous.month == 1 && !previous.isLeap && previous.day == 1)
        var failures = 0
        for day in table.dayRange {
            guard let fields = table.fields(day: day) else { Issue.record("nil at \(day)"); return }
            let back = table.day(extendedYear: fields.extendedYear, month: fields.month, isLeap: fields.isLeap, day: fields.day)
            var ok = back == day && (1...30).contains(fields.day)
            if day > table.dayRange.lowerBound {
                if fields.day == 1 {
                    ok = ok && (29...30).contains(previous.day)
                    let newYear = fields.month == 1 && !fields.isLeap
                    ok = ok && (newYear ? fields.extendedYear == previous.extendedYear + 1 && previous.month == 12
                                        : fields.extendedYear == previous.extendedYear && fields.ordinal == previous.ordinal + 1)
                } else {
                    ok = ok && fields.day == previous.day + 1 && fields.ordinal == previous.ordinal
                        && fields.extendedYear == previous.extendedYear
                }
            }
            if !ok {
                failures += 1
                if failures < 4 { Issue.record("\(ISODay.civil(days: day)): \(fields) after \(previous)") }
            }
            previous = fields
        }
        #expect(failures == 0)
        #expect(previous.month == 12 && !previous.isLeap)
    }

    @Test("years: 12 or 13 months of 29/30 days; months agree with fields", arguments: ["chinese", "dangi"])
    func years(_ identifier: String) throws {
        let table = try #require(LunisolarTable.table(for: identifier))
        for extendedYear in table.yearRange {
            let months = try #require(table.months(extendedYear: extendedYear))
            let year = try #require(table.year(extendedYear: extendedYear))
            #expect(months.count == (year.leapOrdinal < 0 ? 12 : 13))
            #expect((353...385).contains(year.length))
            for month in months {
                #expect(month.length == 29 || month.length == 30)
                let first = table.fields(day: month.startDay)
                #expect(first?.month == month.month && first?.isLeap == month.isLeap && first?.day == 1)
            }
        }
    }

    /// Every day 1901–2100 against ICU 72's own computation: they differ in exactly these periods
    /// (Chinese: the issue's 447 days in 12 periods; Dangi: 2017 against KASI's table, and three
    /// months after KASI's table ends whose new moons fall within 80 seconds of Korean midnight).
    static let icuDifferences: [String: [(String, String)]] = [
        "chinese": [
            ("1917-03-23", "1917-05-20"), ("1922-06-25", "1922-08-22"), ("1954-02-03", "1954-03-04"),
            ("1955-02-22", "1955-03-23"), ("1987-07-26", "1987-09-22"), ("1999-01-17", "1999-02-15"),
            ("2012-08-17", "2012-09-15"), ("2018-11-07", "2018-12-06"), ("2027-02-06", "2027-03-07"),
            ("2030-02-02", "2030-03-03"), ("2057-09-28", "2057-10-27"), ("2070-03-12", "2070-04-10"),
        ],
        "dangi": [
            ("2017-02-26", "2017-03-27"), ("2051-08-06", "2051-09-04"), ("2051-11-03", "2051-12-02"),
            ("2097-01-13", "2097-02-11"),
        ],
    ]

    @Test("ICU 72 differs in exactly the listed periods, 1901–2100", arguments: ["chinese", "dangi"])
    func againstICU(_ identifier: String) throws {
        let table = try #require(LunisolarTable.table(for: identifier))
        let system = try CalendarSystem(identifier)
        var differing: [(Int, Int)] = []
        for day in Self.day("1901-01-01")...Self.day("2100-12-31") {
            let fields = try #require(table.fields(day: day))
            let icu = try system.calendarDateFromICU(for: Date(timeIntervalSince1970: Double(day) * 86_400 + 43_200))
            guard (icu.extendedYear, icu.month, icu.isLeapMonth, icu.day) != (fields.extendedYear, fields.month, fields.isLeap, fields.day) else { continue }
            if let last = differing.last, last.1 == day - 1 { differing[differing.count - 1].1 = day } else { differing.append((day, day)) }
        }
        let expected = try #require(Self.icuDifferences[identifier]).map { (Self.day($0.0), Self.day($0.1)) }
        #expect(differing.map { [$0.0, $0.1] } == expected.map { [$0.0, $0.1] },
                "\(differing.map { (ISODay.civil(days: $0.0), ISODay.civil(days: $0.1)) })")
    }
}
