import ICUKit
import Testing

@Suite("CalendarSystem")
struct CalendarSystemTests {
    @Test("every known identifier opens the calendar it names")
    func knownIdentifiers() throws {
        #expect(CalendarSystem.knownIdentifiers.count == 18)
        for id in CalendarSystem.knownIdentifiers {
            let system = try CalendarSystem(id)
            #expect(system.identifier == id)
            #expect(system.timeZone == "UTC")
        }
        #expect(CalendarSystem.all.map(\.identifier) == CalendarSystem.knownIdentifiers)
    }

    @Test("CLDR aliases resolve; ICU's silent fallbacks throw", arguments: [
        ("gregory", "gregorian"), ("ethioaa", "ethiopic-amete-alem"), ("islamicc", "islamic-civil"),
        ("GREGORIAN", "gregorian"), ("Islamic-Umalqura", "islamic-umalqura"),
    ])
    func aliases(_ name: String, _ expected: String) throws {
        #expect(try CalendarSystem(name).identifier == expected)
    }

    @Test("unknown identifiers throw", arguments: ["", "julian", "umalqura", "ethiopian", "gregorian\0", "islamic-", "foo"])
    func unknown(_ name: String) {
        #expect(throws: CalendarError.unknownCalendar(name)) { try CalendarSystem(name) }
    }

    @Test("BCP 47 values")
    func bcp47() throws {
        #expect(try CalendarSystem("gregorian").bcp47 == "gregory")
        #expect(try CalendarSystem("ethiopic-amete-alem").bcp47 == "ethioaa")
        #expect(try CalendarSystem("chinese").bcp47 == "chinese")
    }

    @Test("calendar from a locale: keyword or region preference", arguments: [
        ("th_TH", "buddhist"), ("ar_SA", PerICU.value(icu72: "islamic-umalqura", icu76: "gregorian")), ("fa_IR", "persian"), ("en_US", "gregorian"),
        ("ur_IN@calendar=islamic", "islamic"), ("ja-JP-u-ca-japanese", "japanese"), ("en-u-ca-ethioaa", "ethiopic-amete-alem"),
        ("de_DE@calendar=gregory", "gregorian"),
    ])
    func fromLocale(_ locale: String, _ expected: String) throws {
        #expect(try CalendarSystem(locale: LocaleID(locale)).identifier == expected)
    }

    @Test("a locale's unknown calendar keyword throws")
    func localeUnknownKeyword() throws {
        let locale = LocaleID("en_US@calendar=julian")
        #expect(throws: CalendarError.unknownCalendar("julian")) { try CalendarSystem(locale: locale) }
    }

    @Test("week rules come from the locale or the calendar, and can be set")
    func weekRules() throws {
        #expect(try CalendarSystem(locale: LocaleID("fa_IR")).firstWeekday == 7)
        #expect(try CalendarSystem(locale: LocaleID("de_DE")).firstWeekday == 2)
        #expect(try CalendarSystem(locale: LocaleID("de_DE")).minimumDaysInFirstWeek == 4)
        #expect(try CalendarSystem(locale: LocaleID("en_US")).firstWeekday == 1)
        let iso = try CalendarSystem("iso8601")
        #expect(iso.firstWeekday == 2 && iso.minimumDaysInFirstWeek == 4)
        let custom = try CalendarSystem.gregorian.withWeekRules(firstWeekday: 2, minimumDaysInFirstWeek: 4)
        #expect(custom.firstWeekday == 2 && custom != CalendarSystem.gregorian)
        #expect(throws: CalendarError.self) { try CalendarSystem.gregorian.withWeekRules(firstWeekday: 0, minimumDaysInFirstWeek: 1) }
        #expect(throws: CalendarError.self) { try CalendarSystem("gregorian", timeZone: "UTC", minimumDaysInFirstWeek: 8) }
    }

    @Test("time zones are validated", arguments: ["America/New_York", "UTC", "GMT", "US/Eastern", "GMT+05:30", "Asia/Kolkata"])
    func knownZones(_ zone: String) throws {
        #expect(try CalendarSystem("hebrew").withTimeZone(zone).timeZone == zone)
    }

    @Test("unknown time zones throw (ICU would use GMT)", arguments: ["Foo/Bar", "", "Etc/Unknown", "Mars/Olympus", "GMT+99:00"])
    func unknownZones(_ zone: String) {
        #expect(throws: CalendarError.unknownTimeZone(zone)) { try CalendarSystem("gregorian", timeZone: zone) }
    }

    @Test("equality and hashing by configuration")
    func equality() throws {
        #expect(try CalendarSystem("gregory") == CalendarSystem("gregorian"))
        #expect(try CalendarSystem("gregorian") != CalendarSystem("gregorian").withTimeZone("Europe/Paris"))
        #expect(Set(try ["gregory", "gregorian", "chinese"].map { try CalendarSystem($0) }).count == 2)
    }
}
