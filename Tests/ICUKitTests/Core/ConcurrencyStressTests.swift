import Foundation
import Testing
import ICUKit

/// Issue 17: every `Sendable` type is shared by 8 tasks, each running thousands of
/// operations on the SAME instance, and every answer equals that of a single-threaded run.
/// Run under the thread sanitizer by CI:
///
///     swift test --sanitize=thread --scratch-path .build-tsan --filter Concurrency
///
/// Each workload is a function of an index; the single-threaded run computes the expected
/// answers first, then the 8 tasks walk the same indices from different starting points (so
/// they hit the pools and caches at different times) and compare.
@Suite("Concurrency stress: Sendable types shared by 8 tasks")
struct ConcurrencyStressTests {
    static let tasks = 8
    /// Operations per task and workload (ICUKIT_STRESS_OPERATIONS overrides).
    static let operations = ProcessInfo.processInfo.environment["ICUKIT_STRESS_OPERATIONS"].flatMap { Int($0) } ?? 1000

    struct Workload: Sendable, CustomStringConvertible {
        let description: String
        let run: @Sendable (Int) throws -> String
    }

    static let words = ["Zürich", "zebra", "Äpfel", "apple", "Affe", "ørken", "Œuvre", "naïve", "résumé", "Straße", "中文", "日本語",
                        "สวัสดีครับ", "مرحبا", "שלום", "Ελλάδα", "Москва", "ĳssel", "Ångström", "1234", "x\u{301}y", "🇩🇪👩‍👩‍👧"]

    static func text(_ index: Int) -> String {
        let a = words[index % words.count], b = words[(index / 3) % words.count], c = words[(index * 7 + 1) % words.count]
        return "\(a) \(b), \(c). \(index) \(b)! \(a)"
    }

    static func date(_ index: Int) -> Date {
        Date(timeIntervalSince1970: Double(index) * 86_400 * 37.3 - 2_000_000_000)
    }

    static func workloads() throws -> [Workload] {
        let graphemes = try Segmenter(.grapheme, locale: "en")
        let words = try Segmenter(.word, locale: "th")
        let lines = try Segmenter(.line, locale: "ja")
        let sentences = try Segmenter(.sentence, locale: "en@ss=standard")
        let collator = try Collator(locale: "de-u-co-phonebk")
        var primaryOptions = Collator.Options()
        primaryOptions.strength = .primary
        let primary = try Collator(locale: "da", options: primaryOptions)
        let searcher = try StringSearcher("affe", options: [.caseInsensitive, .diacriticInsensitive], locale: "de")
        let cp1251 = try TextConverter(encodingName: "cp1251")
        let shiftJIS = try TextConverter(encodingName: "Shift_JIS")
        let detector = EncodingDetector()
        let hijri = try CalendarSystem("islamic-umalqura")
        let chinese = try CalendarSystem("chinese").withTimeZone("Asia/Shanghai")
        let hebrew = try CalendarSystem("hebrew")
        let dateTime = try DateTimeFormatter(date: .long, time: .short, locale: "en_US", timeZone: "America/New_York")
        let template = try DateTimeFormatter(template: "yMMMMEEEEd", locale: "ar", calendar: hijri, timeZone: "Asia/Riyadh")
        let range = try DateRangeFormatter(template: "yMMMd", locale: "de_DE", timeZone: "UTC")
        let relative = try RelativeTimeFormatter(locale: "fr")
        let duration = try DurationFormatter(locale: "de", options: .init(unitsStyle: .full, approximate: true))
        let spelledDuration = try DurationFormatter(locale: "fr", options: .init(unitsStyle: .spellOut))
        let number = try ICUNumberFormatter(skeleton: "currency/EUR", locale: "de")
        let indian = try ICUNumberFormatter(.decimal, locale: "en-IN")
        let parser = try NumberParser(.decimal, locale: "de")
        let german = try ICUNumberFormatter(.decimal, locale: "de")
        let numberRange = try NumberRangeFormatter(skeleton: "unit/kilogram", locale: "en")
        let measure = try MeasureFormatter(unit: "centimeter", usage: "person-height", locale: "en-US")
        let plural = try PluralRules(locale: "ru")
        let spellOut = try RuleBasedNumberFormatter(.spellOut, locale: "fr")
        let list = try ICUListFormatter(locale: "de")
        let message = try MessageFormatter("{name} has {count, plural, =0 {no files} one {# file} other {# files}} on {when, date, long}.", locale: "en")
        let strings = LocalizedStrings(try StringCatalog(bytes: Array("""
            <plist version="1.0"><dict><key>files</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@files@</string>
            <key>files</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>%d файл</string>
            <key>few</key><string>%d файла</string><key>many</key><string>%d файлов</string><key>other</key><string>%d файла</string>
            </dict></dict></dict></plist>
            """.utf8), format: .stringsdict, language: "ru"))
        let matcher = try LocaleMatcher(available: try ["en", "zh-Hans", "zh-Hant", "pt-BR", "pt-PT", "es", "es-419"].map { (s: String) throws -> LocaleID in try LocaleID(s) })
        let preferred = try ["zh-TW", "pt-AO", "es-MX", "fr", "en-GB", "zh-CN"].map { (s: String) throws -> LocaleID in try LocaleID(s) }

        func offsets(_ s: Segmenter) -> @Sendable (Int) throws -> String { { "\(s.boundaryOffsets(of: text($0)))" } }
        return [
            Workload(description: "Segmenter grapheme", run: offsets(graphemes)),
            Workload(description: "Segmenter word (th)", run: offsets(words)),
            Workload(description: "Segmenter line (ja)", run: offsets(lines)),
            Workload(description: "Segmenter sentence", run: offsets(sentences)),
            Workload(description: "Collator compare + sort key") { i in
                let a = text(i), b = text(i + 1)
                return "\(collator.compare(a, b)) \(collator.sortKey(for: a).bytes.count) \(collator.sorted(Self.words.shuffledDeterministically(i)))"
            },
            Workload(description: "Collator primary") { i in "\(primary.compare(text(i), text(i * 5))) \(primary.sortKey(for: text(i)) < primary.sortKey(for: text(i + 2)))" },
            Workload(description: "StringSearcher") { i in "\(searcher.utf8Ranges(in: text(i) + " Äffe AFFE"))" },
            Workload(description: "TextConverter cp1251") { i in
                let bytes = try cp1251.encode(Self.words[12 + i % 2] + String(i), lossy: true)
                return try cp1251.decode(bytes)
            },
            Workload(description: "TextConverter Shift_JIS") { i in
                let bytes = try shiftJIS.encode("日本語 \(i) テキスト", lossy: false)
                return "\(bytes.count) " + (try shiftJIS.decode(bytes))
            },
            Workload(description: "EncodingDetector") { i in
                let bytes = try cp1251.encode("Привет, как дела? Это тест номер \(i) для определения кодировки текста.")
                return try detector.detect(bytes).prefix(2).map { "\($0.encoding) \($0.language ?? "-")" }.joined(separator: ";")
            },
            Workload(description: "BidiParagraph + Bidi") { i in
                let p = try BidiParagraph("abc \(Self.words[13]) \(i) \(Self.words[14]) def", direction: .auto)
                return "\(p.direction) \(p.visualRuns.count) \(p.visualString()) \(Bidi.baseDirection(of: Self.words[13 + i % 3]))"
            },
            Workload(description: "CalendarSystem islamic-umalqura") { i in
                let d = try hijri.calendarDate(for: date(i))
                return "\(d) \(try hijri.numberOfDays(inMonthOf: date(i))) \(try hijri.adding(i % 40, .month, to: date(i)).timeIntervalSince1970)"
            },
            Workload(description: "CalendarSystem chinese") { i in "\(try chinese.calendarDate(for: date(i))) \(try chinese.difference(from: date(i), to: date(i + 40), in: .month))" },
            Workload(description: "CalendarSystem hebrew") { i in "\(try hebrew.calendarDate(for: date(i))) \(try hebrew.numberOfMonths(inYearOf: date(i)))" },
            Workload(description: "DateTimeFormatter styles") { i in try dateTime.format(date(i)) },
            Workload(description: "DateTimeFormatter template (ar, hijri)") { i in try template.format(date(i)) },
            Workload(description: "DateTimeFormatter parse") { i in "\(try dateTime.parse(dateTime.format(date(i))).timeIntervalSince1970)" },
            Workload(description: "DateRangeFormatter") { i in try range.format(date(i), date(i + i % 5)) },
            Workload(description: "RelativeTimeFormatter") { i in try relative.format(seconds: Double(i * 997 - 700_000)) },
            Workload(description: "DurationFormatter") { i in try duration.format(seconds: Double(i * 3_725)) },
            Workload(description: "DurationFormatter spell-out") { i in try spelledDuration.format(seconds: Double(i * 61)) },
            Workload(description: "ICUNumberFormatter") { i in try number.format(Double(i) * 1234.5) + " " + indian.format(Double(i * 12_345)) },
            Workload(description: "NumberParser") { i in "\(try parser.parse(german.format(Double(i) * 10.25)))" },
            Workload(description: "NumberRangeFormatter") { i in try numberRange.format(Double(i % 7), Double(i % 11)) },
            Workload(description: "MeasureFormatter") { i in try measure.format(Double(100 + i % 120)) },
            Workload(description: "PluralRules") { i in "\(try plural.category(for: Double(i))) \(try plural.category(forFormatted: "\(i).5"))" },
            Workload(description: "RuleBasedNumberFormatter") { i in
                let words = try spellOut.format(Double(i))
                return words + " \(try spellOut.parse(words))"
            },
            Workload(description: "ICUListFormatter") { i in try list.format(Array(Self.words.prefix(1 + i % 6))) },
            Workload(description: "MessageFormatter") { i in try message.format(["name": .string(Self.words[i % 4]), "count": .number(Double(i % 3)), "when": .date(date(i).timeIntervalSince1970)]) },
            Workload(description: "LocalizedStrings (.stringsdict)") { i in try strings.format("files", [.integer(Int64(i))], language: "ru") },
            Workload(description: "LocaleMatcher") { i in matcher.bestMatch(for: [preferred[i % preferred.count]])?.identifier ?? "-" },
        ]
    }

    @Test("8 tasks share each Sendable type; answers equal a single-threaded run")
    func sharedInstances() async throws {
        let workloads = try Self.workloads()
        let n = Self.operations
        // The single-threaded answers.
        let expected: [[String]] = try workloads.map { w in try (0..<n).map { try w.run($0) } }
        // Every task runs every workload, all at once, starting at a different index.
        let mismatches = try await withThrowingTaskGroup(of: [String].self) { group in
            for task in 0..<Self.tasks {
                group.addTask {
                    var found: [String] = []
                    for step in 0..<n {
                        let i = (step + task * n / Self.tasks) % n
                        for (w, workload) in workloads.enumerated() {
                            let answer = try workload.run(i)
                            if answer != expected[w][i] { found.append("\(workload) #\(i): \(answer) != \(expected[w][i])") }
                        }
                    }
                    return found
                }
            }
            var all: [String] = []
            for try await found in group { all += found }
            return all
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(workloads.count >= 30)
    }
}

private extension Array {
    /// A fixed permutation per seed, the same in every task (no random state is shared).
    func shuffledDeterministically(_ seed: Int) -> [Element] {
        var copy = self
        var state = UInt64(truncatingIfNeeded: seed) &* 6_364_136_223_846_793_005 &+ 1
        for i in stride(from: copy.count - 1, to: 0, by: -1) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            copy.swapAt(i, Int(state >> 33) % (i + 1))
        }
        return copy
    }
}
