import Foundation
import Testing

@Suite("icukit format date|interval|duration|relative")
struct FormatDateCLITests {
    let cli = CLITests()

    @Test("format date: styles, templates, json with the pattern, stdin lines")
    func formatDate() throws {
        let long = try cli.run(["format", "date", "2026-06-03T15:07:00Z", "--style", "long", "--time-style", "short", "--locale", "en_US", "--time-zone", "UTC"])
        #expect(long.status == 0)
        #expect(long.stdout == "June 3, 2026 at 3:07\u{202F}PM\n")
        let json = try cli.run(["format", "date", "--template", "yMMMd", "--locale", "zh_CN", "--time-zone", "Asia/Shanghai", "--format", "json"], input: "2026-06-03T15:07:00Z\n2026-01-01T00:00:00Z\n")
        #expect(json.stdout == "{\"text\":\"2026年6月3日\",\"pattern\":\"y年M月d日\"}\n{\"text\":\"2026年1月1日\",\"pattern\":\"y年M月d日\"}\n")
        let hijri = try cli.run(["format", "date", "2026-06-03T15:07:00Z", "--style", "long", "--time-style", "none", "--locale", "ar_SA", "--time-zone", "Asia/Riyadh"])
        #expect(hijri.stdout == PerICU.value(icu72: "١٧ ذو الحجة ١٤٤٧ هـ\n", icu76: "٣ يونيو ٢٠٢٦\n"))  // CLDR 44: ar_SA prefers gregorian
        let era = try cli.run(["format", "date", "2026-06-03T15:07:00Z", "--style", "long", "--time-style", "none", "--locale", "ja_JP", "--calendar", "japanese", "--time-zone", "Asia/Tokyo"])
        #expect(era.stdout == "令和8年6月4日\n")
        let context = try cli.run(["format", "date", "2026-06-03T00:00:00Z", "--template", "LLLL", "--locale", "cs", "--context", "sentence-start", "--time-zone", "UTC"])
        #expect(context.stdout == "Červen\n")
    }

    @Test("format date --parse: back to the ISO instant; exit 65 when it does not parse")
    func parse() throws {
        let back = try cli.run(["format", "date", "--parse", "3 Jun 2026, 16:07:00", "--locale", "en_GB", "--time-zone", "Europe/London"])
        #expect(back.status == 0)
        #expect(back.stdout == "2026-06-03T15:07:00Z\n")
        let bad = try cli.run(["format", "date", "--parse", "3 Jun 2026, 25:99", "--locale", "en_GB"])
        #expect(bad.status == 65)
        #expect(bad.stderr.hasPrefix("icukit: error: "))
    }

    @Test("Usage errors exit 64, bad instants 65")
    func errors() throws {
        #expect(try cli.run(["format", "date", "2026-06-03", "--calendar", "bogus"]).status == 64)
        #expect(try cli.run(["format", "date", "2026-06-03", "--time-zone", "Mars/Base"]).status == 64)
        #expect(try cli.run(["format", "date", "2026-06-03", "--template", "y-M"]).status == 64)
        #expect(try cli.run(["format", "date", "2026-06-03", "--locale", "xx", "--strict"]).status == 64)
        #expect(try cli.run(["format", "date", "June third"]).status == 65)
        #expect(try cli.run(["format", "duration", "abc"]).status == 64)
        #expect(try cli.run(["format", "duration", "60", "--remaining", "--locale", "de"]).status == 64)
    }

    @Test("format interval: corrected chinese and hebrew fields; --engine icu gives ICU's")
    func intervalReckoning() throws {
        let chinese = ["format", "interval", "2027-02-06", "2027-02-08", "--locale", "en@calendar=chinese", "--time-zone", "UTC"]
        #expect(try cli.run(chinese).stdout == "Mo1 1\u{2009}–\u{2009}3, ding-wei\n")
        #expect(try cli.run(chinese + ["--engine", "icu"]).stdout == "Mo12 30, bing-wu\u{2009}–\u{2009}Mo1 2, ding-wei\n")
        let hebrew = ["format", "interval", "2046-09-30", "2046-10-02", "--locale", "en", "--calendar", "hebrew", "--time-zone", "UTC"]
        #expect(try cli.run(hebrew).stdout == "29 Elul 5806\u{2009}–\u{2009}2 Tishri 5807\n")
        #expect(try cli.run(hebrew + ["--engine", "icu"]).stdout == "28 Elul 5806\u{2009}–\u{2009}1 Tishri 5807\n")
    }

    @Test("format interval, duration, relative")
    func others() throws {
        #expect(try cli.run(["format", "interval", "2026-05-01", "2026-05-03", "--locale", "de_DE", "--time-zone", "UTC"]).stdout == "1.–3. Mai 2026\n")
        #expect(try cli.run(["format", "interval", "2026-05-01T10:00Z", "2026-05-01T11:30Z", "--template", "jm", "--locale", "en_GB", "--format", "json", "--time-zone", "UTC"]).stdout == "{\"text\":\"10:00–11:30\"}\n")
        #expect(try cli.run(["format", "duration", "3725"]).stdout == "1:02:05\n")
        #expect(try cli.run(["format", "duration", "3725", "--units-style", "full", "--locale", "en"]).stdout == "1 hour, 2 minutes, 5 seconds\n")
        #expect(try cli.run(["format", "duration", "3725", "--units-style", "abbreviated", "--allowed-units", "hour,minute", "--locale", "en"]).stdout == "1h 2m\n")
        #expect(try cli.run(["format", "duration", "3725", "--units-style", "short", "--max-units", "1", "--approximate", "--locale", "en"]).stdout == "~1 hr\n")
        #expect(try cli.run(["format", "duration", "3600", "--units-style", "abbreviated", "--allowed-units", "hour,minute,second", "--zero-units", "pad", "--locale", "en"]).stdout == "1h 0m 0s\n")
        #expect(try cli.run(["format", "duration", "-90", "--locale", "en"]).stdout == "-1:30\n")
        #expect(try cli.run(["format", "relative", "-86400", "--locale", "fr"]).stdout == "hier\n")
        #expect(try cli.run(["format", "relative", "-86400", "--numeric", "--locale", "fr"]).stdout == "il y a 1 jour\n")
        #expect(try cli.run(["format", "relative", "10800", "--width", "short", "--locale", "en", "--format", "json"]).stdout == "{\"text\":\"in 3 hr.\"}\n")
    }
}
