import Foundation
import Testing
import ICUKit

// Every ```swift block of README.md and Sources/ICUKit/ICUKit.docc/*.md appears in this file
// verbatim (modulo indentation, without its `import` lines), inside a test that runs it and
// asserts the results its `// …` comments state. `python3 Scripts/doc-examples.py --check`
// fails when a block of the documents is missing here, so the documents cannot drift from
// the code: change an example in both places.

@Suite("Documentation examples")
struct DocumentationExampleTests {
    // MARK: README.md

    @Test("README: a first example")
    func readme() throws {
        let text = "ภาษาไทยเขียนติดกัน — Mr. Smith said “hi”."
        let words = try Segmenter(.word, locale: "th")                  // open once, share freely
        let wordLike = words.segments(of: text).filter(\.isWordLike).map { text[$0.range] }
        // ["ภาษา", "ไทย", "เขียน", "ติด", "กัน", "Mr", "Smith", "said", "hi"]
        let towns = try Collator(locale: "da").sorted(["Aarhus", "Zagreb", "Ærø"])
        // ["Zagreb", "Ærø", "Aarhus"]
        let price = try ICUNumberFormatter(.currency("EUR"), locale: "de").format(1234.5)
        // "1.234,50\u{A0}€"
        #expect(wordLike == ["ภาษา", "ไทย", "เขียน", "ติด", "กัน", "Mr", "Smith", "said", "hi"])
        #expect(towns == ["Zagreb", "Ærø", "Aarhus"])
        #expect(price == "1.234,50\u{A0}€")
    }

    // MARK: Segmentation.md

    @Test("Segmentation: words, graphemes, sentences")
    func segmentation() throws {
        let words = try Segmenter(.word, locale: "th")
        let thai = "ภาษาไทยเขียนติดกัน"
        let pieces = words.segments(of: thai).map { String(thai[$0.range]) }
        // ["ภาษา", "ไทย", "เขียน", "ติด", "กัน"]
        let kinds = words.segments(of: "Hi 42").map(\.kind)          // [.letter, .none, .number]
        let offsets = words.boundaryOffsets(of: "Hi 42")             // [0, 2, 3, 5]
        let family = "👩‍👩‍👧 family".graphemes().count                  // 8: the emoji is one grapheme
        let sentences = try Segmenter(.sentence, locale: "en@ss=standard")
            .count(of: "Mr. Smith is here. He waves.")                // 2: "Mr." ends no sentence
        #expect(pieces == ["ภาษา", "ไทย", "เขียน", "ติด", "กัน"])
        #expect(kinds == [.letter, .none, .number])
        #expect(offsets == [0, 2, 3, 5])
        #expect(family == 8)
        #expect(sentences == 2)
    }

    @Test("Segmentation: bytes from outside")
    func segmentationBytes() throws {
        let bytes: [UInt8] = [0x48, 0x69, 0xFF]
        var badByte: Int?
        do {
            _ = try UTF8Decoding.decode(bytes)
        } catch {
            badByte = error.byteOffset                                // 2: the first bad byte
        }
        let repaired = try UTF8Decoding.decode(bytes, lossy: true)   // "Hi\u{FFFD}"
        #expect(badByte == 2)
        #expect(repaired == "Hi\u{FFFD}")
    }

    // MARK: CollationAndSearch.md

    @Test("Collation: sorting and comparing")
    func collation() throws {
        let danish = try Collator(locale: "da")                       // Sendable; share it
        let towns = danish.sorted(["Aarhus", "Zagreb", "Ærø"])       // ["Zagreb", "Ærø", "Aarhus"]
        let phonebook = try Collator(locale: "de-u-co-phonebk")
        let order = phonebook.compare("Äpfel", "Affe")               // .ascending: Ä sorts as "ae"
        let files = try Collator.standard(locale: "en")
            .sorted(["file10", "File2", "file1"])                    // ["file1", "File2", "file10"]
        let options = Collator.Options(strength: .primary)
        let same = try Collator(locale: "en", options: options)
            .compare("Résumé", "resume")                             // .equal: accents and case ignored
        #expect(towns == ["Zagreb", "Ærø", "Aarhus"])
        #expect(order == .ascending)
        #expect(files == ["file1", "File2", "file10"])
        #expect(same == .equal)
    }

    @Test("Collation: sort keys and search")
    func collationSearch() throws {
        let swedish = try Collator(locale: "sv")
        let keys = ["öl", "zebra"].map { swedish.sortKey(for: $0) }   // Comparable, Hashable
        let zebraFirst = keys[1] < keys[0]                           // true: ö sorts after z
        let search = try StringSearcher("strasse", options: [.caseInsensitive, .diacriticInsensitive])
        let text = "Straße und STRASSE"
        let found = search.ranges(in: text).map { String(text[$0]) } // ["Straße", "STRASSE"]
        let offsets = search.utf8Ranges(in: text)                    // [0..<7, 12..<19]
        #expect(zebraFirst)
        #expect(found == ["Straße", "STRASSE"])
        #expect(offsets == [0..<7, 12..<19])
    }

    @Test("Collation: options")
    func collationOptions() throws {
        let greekFirst = try Collator(locale: "en", options: .init(reorder: ["Grek"]))
        let names = greekFirst.sorted(["beta", "βήτα"])                // ["βήτα", "beta"]
        let numeric = try Collator(locale: "en", options: .init(numeric: true))
        let files = numeric.sorted(["a10", "a9"])                      // ["a9", "a10"]
        #expect(names == ["βήτα", "beta"])
        #expect(files == ["a9", "a10"])
    }

    // MARK: Encodings.md

    @Test("Encodings: detect")
    func encodingsDetect() throws {
        let bytes = try TextConverter(encodingName: "koi8-r").encode("Съешь же ещё этих мягких французских булок")
        let best = try EncodingDetector().decode(bytes)
        let name = best.guess.encoding                                // "KOI8-R"
        let language = best.guess.language                            // "ru"
        let text = best.text                                          // "Съешь же ещё этих …"
        #expect(name == "KOI8-R")
        #expect(language == "ru")
        #expect(text.hasPrefix("Съешь же ещё этих"))
    }

    @Test("Encodings: detector settings")
    func encodingsSettings() throws {
        var detector = EncodingDetector()
        detector.allowedEncodings = ["UTF-8", "windows-1252"]         // only these
        detector.declaredEncoding = "iso-8859-1"                      // an HTTP charset, say
        detector.languageHint = "fr"
        let guess = try detector.detect([0x63, 0x61, 0x66, 0xE9])[0]   // "caf\u{E9}"
        let encoding = guess.encoding                                 // "windows-1252"
        #expect(encoding == "windows-1252")
    }

    @Test("Encodings: convert")
    func encodingsConvert() throws {
        let sjis = try TextConverter(encodingName: "sjis")            // any ICU alias
        let japan = try sjis.decode([0x93, 0xFA, 0x96, 0x7B])         // "日本"
        let lossy = try sjis.decode([0x93, 0xFA, 0xFF], lossy: true)  // "日\u{FFFD}"
        var failure: TextConversionError?
        do {
            _ = try TextConverter(encodingName: "latin1").encode("a€")
        } catch {
            failure = error                                           // .unencodable(utf8Offset: 1, scalar: "€")
        }
        #expect(japan == "日本")
        #expect(lossy == "日\u{FFFD}")
        #expect(failure == .unencodable(utf8Offset: 1, scalar: "€"))
    }

    @Test("Encodings: streaming")
    func encodingsStreaming() throws {
        let sjis = try TextConverter(encodingName: "Shift_JIS")
        let decoder = sjis.makeDecoder()                               // one per stream
        var text = try decoder.decode([0x93, 0xFA, 0x96])              // "日": half a character waits
        text += try decoder.decode([0x7B], isFinal: true)              // "日本"
        #expect(text == "日本")
    }

    // MARK: BidirectionalText.md

    @Test("Bidi: a paragraph")
    func bidi() throws {
        let mixed = try BidiParagraph("WWDC is a fun conference کانفرنس", direction: .auto)
        let direction = mixed.direction                               // .leftToRight: "W" comes first
        let runs = mixed.visualRuns.map(\.direction)                  // [.leftToRight, .rightToLeft]
        let base = Bidi.baseDirection(of: "سارة scored")              // .rightToLeft
        #expect(direction == .leftToRight)
        #expect(runs == [.leftToRight, .rightToLeft])
        #expect(base == .rightToLeft)
    }

    @Test("Bidi: isolating arguments")
    func bidiFormat() throws {
        let line = try Bidi.format("%@ has the highest score: %d", ["سارة", "12"])
        // "\u{2068}سارة\u{2069} has the highest score: \u{2068}12\u{2069}"
        let wrapped = Bidi.isolated("سارة")                           // "\u{2068}سارة\u{2069}"
        #expect(line == "\u{2068}سارة\u{2069} has the highest score: \u{2068}12\u{2069}")
        #expect(wrapped == "\u{2068}سارة\u{2069}")
    }

    @Test("Bidi: levels and reordering")
    func bidiLevels() throws {
        let paragraph = try BidiParagraph("abc שלום")
        let levels = paragraph.levels                                  // [0, 0, 0, 0, 1, 1, 1, 1]
        let order = paragraph.visualToLogical                          // [0, 1, 2, 3, 7, 6, 5, 4]
        let display = paragraph.visualString()                         // "abc םולש"
        let count = try BidiParagraph.paragraphs(in: "one\u{2029}שתיים").count   // 2
        #expect(levels == [0, 0, 0, 0, 1, 1, 1, 1])
        #expect(order == [0, 1, 2, 3, 7, 6, 5, 4])
        #expect(display == "abc םולש")
        #expect(count == 2)
    }

    // MARK: Calendars.md

    @Test("Calendars: converting and counting")
    func calendars() throws {
        let date = try ISO8601Text.parse("2026-11-22T12:00:00Z")
        let hijri = try CalendarSystem("islamic-umalqura")
        let fields = try hijri.calendarDate(for: date)
        let ymd = (fields.year, fields.month, fields.day)             // (1448, 6, 12)
        let ramadan = try hijri.nextDate(after: date, month: 9, day: 1)!
        let days = try hijri.difference(from: date, to: ramadan, in: .day)   // 77
        #expect(ymd == (1448, 6, 12))
        #expect(days == 77)
    }

    @Test("Calendars: leap months and eras")
    func calendarsLeap() throws {
        let chinese = try CalendarSystem("chinese", timeZone: "Asia/Shanghai")
        let leap = try chinese.date(year: 2023, month: 2, isLeapMonth: true, day: 1)
        let iso = ISO8601Text.string(from: leap)                      // "2023-03-21T16:00:00Z": 22 March in Shanghai
        let hebrew = try CalendarSystem("hebrew")
        var failure: CalendarError?
        do {
            _ = try hebrew.date(year: 5783, month: 6, day: 1)         // no Adar I in 5783
        } catch {
            failure = error                                           // .nonexistentLeapMonth(year: 5783, month: 6)
        }
        let era = CalendarSystem.modernJapaneseEras.last!.nativeName  // "令和"
        #expect(iso == "2023-03-21T16:00:00Z")
        #expect(era == "令和")
        #expect(failure == .nonexistentLeapMonth(year: 5783, month: 6))
    }

    @Test("Calendars: corrected and ICU's reckoning")
    func calendarsReckoning() throws {
        let chinese = try CalendarSystem("chinese")
        let newYear = try chinese.date(year: 2027, month: 1, day: 1)
        let iso = ISO8601Text.string(from: newYear)                   // "2027-02-06T00:00:00Z"
        let icu = try chinese.withReckoning(.icu).date(year: 2027, month: 1, day: 1)
        let icuISO = ISO8601Text.string(from: icu)                    // "2027-02-07T00:00:00Z"
        #expect(iso == "2027-02-06T00:00:00Z")
        #expect(icuISO == "2027-02-07T00:00:00Z")
    }

    @Test("Calendars: fields and locales")
    func calendarsFields() throws {
        let chinese = try CalendarSystem("chinese", timeZone: "Asia/Shanghai")
        let spring = try ISO8601Text.parse("2026-03-01T12:00:00Z")
        let fields = try chinese.calendarDate(for: spring)
        let year = fields.sexagenaryYear                                // "丙午"
        let code = fields.monthCode                                     // "M01"
        let next = try chinese.calendarDate(for: chinese.adding(1, .month, to: spring)).monthCode   // "M02"
        let hebrewMonths = try CalendarSystem("hebrew").numberOfMonths(inYearOf: spring)   // 12 in 5786
        let thai = try CalendarSystem(locale: "th_TH").identifier       // "buddhist"
        #expect(year == "丙午")
        #expect(code == "M01")
        #expect(next == "M02")
        #expect(hebrewMonths == 12)
        #expect(thai == "buddhist")
    }

    // MARK: DatesAndTimes.md

    @Test("Dates: formatting and parsing")
    func dates() throws {
        let moment = try ISO8601Text.parse("2026-06-03T15:07:00Z")
        let london = try DateTimeFormatter(date: .long, time: .short, locale: "en_GB", timeZone: "Europe/London")
        let text = try london.format(moment)                          // "3 June 2026 at 16:07"
        let back = try london.parse(text)                             // == moment
        let pattern = try DateTimeFormatter(template: "MMMMd", locale: "en_GB").pattern   // "d MMMM"
        let japanese = try DateTimeFormatter(date: .full, time: .none, locale: "ja_JP@calendar=japanese",
                                             timeZone: "Asia/Tokyo").format(moment)
        // "令和8年6月4日木曜日"
        #expect(text == "3 June 2026 at 16:07")
        #expect(back == moment)
        #expect(pattern == "d MMMM")
        #expect(japanese == "令和8年6月4日木曜日")
    }

    @Test("Dates: ranges, durations, relative times")
    func datesOther() throws {
        let may1 = try ISO8601Text.parse("2026-05-01")
        let may3 = try ISO8601Text.parse("2026-05-03")
        let range = try DateRangeFormatter(template: "yMMMd", locale: "de_DE").format(may1, may3)
        // "1.–3. Mai 2026"
        let duration = try DurationFormatter(locale: "en", options: .init(unitsStyle: .full))
            .format(seconds: 3725)                                    // "1 hour, 2 minutes, 5 seconds"
        let yesterday = try RelativeTimeFormatter(locale: "fr").format(seconds: -86_400)   // "hier"
        #expect(range == "1.–3. Mai 2026")
        #expect(duration == "1 hour, 2 minutes, 5 seconds")
        #expect(yesterday == "hier")
    }

    @Test("Dates: context, hour cycle, calendar")
    func datesOptions() throws {
        let moment = try ISO8601Text.parse("2026-06-03T15:07:00Z")
        let czech = try DateTimeFormatter(template: "LLLL", locale: "cs", timeZone: "UTC", context: .beginningOfSentence)
        let month = try czech.format(moment)                           // "Červen"
        let clock = try DateTimeFormatter(date: .none, time: .short, locale: "en_US", timeZone: "UTC", hourCycle: .h23)
        let time = try clock.format(moment)                            // "15:07"
        let thai = try DateTimeFormatter(date: .long, time: .none, locale: "th_TH").calendar.identifier   // "buddhist"
        #expect(month == "Červen")
        #expect(time == "15:07")
        #expect(thai == "buddhist")
    }

    // MARK: NumbersAndMessages.md

    @Test("Numbers: formatting and parsing")
    func numbers() throws {
        let euros = try ICUNumberFormatter(.currency("EUR"), locale: "de").format(1234.5)    // "1.234,50\u{A0}€"
        let compact = try ICUNumberFormatter(skeleton: "compact-short", locale: "ja").format(123456)  // "12万"
        let indian = try ICUNumberFormatter(.decimal, locale: "en-IN").format(1234567)       // "12,34,567"
        let parsed = try NumberParser(.decimal, locale: "de").parse("1.234,5")               // 1234.5
        let words = try RuleBasedNumberFormatter(.spellOut, locale: "fr").format(42)         // "quarante-deux"
        let height = try MeasureFormatter(unit: "centimeter", usage: "person-height", locale: "en-US")
            .format(180)                                                                     // "5 ft, 11 in"
        #expect(euros == "1.234,50\u{A0}€")
        #expect(compact == "12万")
        #expect(indian == "12,34,567")
        #expect(parsed == 1234.5)
        #expect(words == "quarante-deux")
        #expect(height == "5 ft, 11 in")
    }

    @Test("Numbers: plurals, lists, messages")
    func messages() throws {
        let russian = try PluralRules(locale: "ru").category(for: 5)                 // .many
        let list = try ICUListFormatter(ListStyle(type: .or), locale: "ja").format(["a", "b", "c"])
        // "a、b、またはc"
        let message = try MessageFormatter("{n, plural, one {# file} other {# files}}", locale: "en")
            .format(["n": 3])                                                        // "3 files"
        #expect(russian == .many)
        #expect(list == "a、b、またはc")
        #expect(message == "3 files")
    }

    @Test("Numbers: styles, ranges, plural details")
    func numberStyles() throws {
        let style = NumberStyle.decimal.precision(.fractionDigits(2...2)).sign(.always)
        let signed = try ICUNumberFormatter(style, locale: "en").format(3.14159)      // "+3.14"
        let range = try NumberRangeFormatter(skeleton: "unit/kilogram", locale: "en").format(3, 5)   // "3–5 kg"
        let oneDotZero = try PluralRules(locale: "en").category(forFormatted: "1.0")  // .other
        let second = try PluralRules(.ordinal, locale: "en").category(for: 2)         // .two ("2nd")
        #expect(signed == "+3.14")
        #expect(range == "3–5 kg")
        #expect(oneDotZero == .other)
        #expect(second == .two)
    }

    // MARK: Locales.md

    @Test("Locales: identifiers and data")
    func locales() throws {
        let user: LocaleID = "ur-IN-u-ca-islamic-cu-usd"
        let keywords = user.keywords                 // ["calendar": "islamic", "currency": "USD"]
        let name = try LocaleID("en-GB").displayName(in: "fr", context: .beginningOfSentence)
        // "Anglais (Royaume-Uni)"
        let yuan = try LocaleID("zh").currencyName("CNY")                    // "人民币"
        let quotes = LocaleID("fr").quotationMarks                           // « »
        let full = LocaleID("zh-TW").maximized                               // zh_Hant_TW
        #expect(keywords == ["calendar": "islamic", "currency": "USD"])
        #expect(name == "Anglais (Royaume-Uni)")
        #expect(yuan == "人民币")
        #expect(quotes.start == "«")
        #expect(full.identifier == "zh_Hant_TW")
    }

    @Test("Locales: matching")
    func localeMatching() throws {
        let matcher = try LocaleMatcher(available: ["en", "zh-Hant", "pt-PT", "es-419", "nb"])
        let taiwan = try matcher.match(["zh-TW"]).locale                     // "zh-Hant"
        let nynorsk = try matcher.match(["nn"]).locale                       // "nb"
        let header = try matcher.match(acceptLanguage: "da, de;q=0.8").locale   // "nb"
        #expect(taiwan == "zh-Hant")
        #expect(nynorsk == "nb")
        #expect(header == "nb")
    }

    @Test("Locales: data")
    func localeData() throws {
        let british: LocaleID = "en-GB"
        let system = british.measurementSystem                           // .uk
        let monday = british.firstWeekday                                // 2
        let tag = LocaleID("zh_Hant_TW").bcp47                           // "zh-Hant-TW"
        let fromShell = LocaleID.fromEnvironment(["LANG": "de_CH.UTF-8"]) // de_CH
        #expect(system == .uk)
        #expect(monday == 2)
        #expect(tag == "zh-Hant-TW")
        #expect(fromShell.identifier == "de_CH")
    }

    // MARK: TextTransforms.md

    @Test("Text transforms: normalization and case")
    func textTransforms() throws {
        let nfc = try Normalizer.nfc.normalize("Ame\u{301}lie")             // "Amélie"
        let key = try Normalizer.nfkcCasefold.normalize("Ｓｔｒａßｅ")         // "strasse"
        let turkish = try CaseMapper(locale: "tr").uppercased("istanbul")    // "İSTANBUL"
        let dutch = try CaseMapper(locale: "nl").titlecased("ijsland")       // "IJsland"
        let same = try CaseMapper().caselessEquals("STRASSE", "straße")      // true
        #expect(nfc == "Amélie")
        #expect(key == "strasse")
        #expect(turkish == "İSTANBUL")
        #expect(dutch == "IJsland")
        #expect(same)
    }

    @Test("Text transforms: transliteration and properties")
    func transliteration() throws {
        let slug = try Transliterator("Any-Latin; Latin-ASCII")             // compiled once per ID
        let latin = try slug.transliterate("Москва 北京")                   // "Moskva bei jing"
        let e = ScalarProperties("é")
        let facts = (e.name, e.generalCategory, e.script)    // ("LATIN SMALL LETTER E WITH ACUTE", "Ll", "Latn")
        let runs = ScriptRun.runs(in: "Hello Мир").map(\.script)            // ["Latn", "Cyrl"]
        let mixed = ResolvedScriptSet("Сirсle").isMixedScript               // true
        #expect(latin == "Moskva bei jing")
        #expect(facts == ("LATIN SMALL LETTER E WITH ACUTE", "Ll", "Latn"))
        #expect(runs == ["Latn", "Cyrl"])
        #expect(mixed)
    }

    @Test("Text transforms: more")
    func textTransformsMore() throws {
        let greek = try CaseMapper(locale: "el").uppercased("Άδεια")                 // "ΑΔΕΙΑ"
        let decomposed = try Normalizer.nfd.isNormalized("é")                         // false
        let cyrillic = try Transliterator("Cyrillic-Latin").inverse().transliterate("Moskva")   // "Москва"
        let stars = try Transliterator(rules: "[aeiou] > '*';").transliterate("banana")         // "b*n*n*"
        let ga = try ScalarProperties.scalar(named: "HANGUL SYLLABLE GA")             // "가"
        let upperLatin = try UnicodeSet(pattern: "[[:Latin:]&[:Lu:]]").contains("A")  // true
        #expect(greek == "ΑΔΕΙΑ")
        #expect(!decomposed)
        #expect(cyrillic == "Москва")
        #expect(stars == "b*n*n*")
        #expect(ga == "가")
        #expect(upperLatin)
    }

    // MARK: Identifiers.md

    @Test("Identifiers: domain names and string preparation")
    func identifiers() throws {
        let idna = try IDNA()                                          // nontransitional, CheckBidi, CheckJoiners
        let ascii = try idna.toASCII("Bücher.de").output               // "xn--bcher-kva.de"
        let unicode = try idna.toUnicode("xn--e1afmkfd.xn--p1ai").output   // "пример.рф"
        let errors = try idna.toASCII("a..b").errors                   // [.emptyLabel]: errors are data
        let password = try StringPrep(.saslprep).prepare("I\u{AD}X")   // "IX"
        #expect(ascii == "xn--bcher-kva.de")
        #expect(unicode == "пример.рф")
        #expect(errors == [.emptyLabel])
        #expect(password == "IX")
    }

    @Test("Identifiers: spoof checking")
    func spoof() throws {
        let checker = try SpoofChecker()
        let skeleton = try checker.skeleton("раураl")                  // "paypal" (Cyrillic р а у а)
        let kinds = try checker.areConfusable("scope", "ѕсоре")        // [.mixedScript, .wholeScript]
        let result = try checker.check("pаypal")                       // one Cyrillic а
        let failures = result.failures.failureNames                    // ["restrictionLevel"]
        let index = try ConfusableIndex(["paypal", "google"])
        let taken = try index.matches(for: "раураl")                   // ["paypal"]
        #expect(skeleton == "paypal")
        #expect(kinds == [.mixedScript, .wholeScript])
        #expect(failures == ["restrictionLevel"])
        #expect(taken == ["paypal"])
    }

    @Test("Identifiers: strict and transitional")
    func identifiersMore() throws {
        let idna = try IDNA()
        var refused: IdentifierError?
        do {
            _ = try idna.strictToASCII("-x.de")
        } catch {
            refused = error                                            // .idna([.leadingHyphen], output: "-x.de")
        }
        let fass = try IDNA(.init(transitional: true)).toASCII("faß.de").output   // "fass.de"
        let juliet = try StringPrep(.nodeprep).prepare("Juliet")        // "juliet" (XMPP)
        #expect(refused == .idna([.leadingHyphen], output: "-x.de"))
        #expect(fass == "fass.de")
        #expect(juliet == "juliet")
    }

    // MARK: LanguageRecognition.md

    @Test("Language recognition")
    func language() throws {
        let recognizer = LanguageRecognizer()
        let french = recognizer.dominantLanguage(of: "Où est la gare ?")?.bcp47   // "fr"
        let none = recognizer.dominantLanguage(of: "12345")                      // nil
        let runs = recognizer.languageRuns(in: "Das ist gut. This is fine.")
            .map { $0.language?.bcp47 ?? "und" }                                 // ["de", "en"]
        let nordic = try LanguageRecognizer(languageConstraints: ["nb", "da", "sv"])
        let swedish = nordic.dominantLanguage(of: "Jag heter Anna och bor i Stockholm.")?.bcp47   // "sv"
        #expect(french == "fr")
        #expect(none == nil)
        #expect(runs == ["de", "en"])
        #expect(swedish == "sv")
    }

    @Test("Language recognition: hypotheses and hints")
    func languageHypotheses() throws {
        let recognizer = LanguageRecognizer()
        let ranked = recognizer.hypotheses(for: "Dobar dan, kako ste?", maximum: 3)
            .map(\.language.bcp47)                                     // ["sr-Latn", "bs", "sl"]
        let hinted = try LanguageRecognizer(languageHints: ["nb": 0.8])
        let norwegian = hinted.dominantLanguage(of: "Jeg heter Anna.")?.bcp47   // "nb"
        #expect(ranked == ["sr-Latn", "bs", "sl"])
        #expect(norwegian == "nb")
    }

    // MARK: GettingStarted.md

    @Test("Getting started: a value per configuration")
    func gettingStarted() throws {
        // Segmentation: words in a script written without spaces.
        let words = try Segmenter(.word, locale: "th")
        let thai = "ภาษาไทยเขียนติดกัน"
        let pieces = words.segments(of: thai).map { thai[$0.range] }   // ["ภาษา", "ไทย", "เขียน", "ติด", "กัน"]
        let graphemes = "👩‍👩‍👧 family".graphemes().count                 // 8: the emoji is one grapheme

        // Collation: the order a Danish reader expects.
        let danish = try Collator(locale: "da")
        let towns = danish.sorted(["Aarhus", "Zagreb", "Ærø"])         // ["Zagreb", "Ærø", "Aarhus"]

        // Search that ignores case and accents.
        let search = try StringSearcher("strasse", options: [.caseInsensitive, .diacriticInsensitive])
        let matches = search.ranges(in: "Straße und STRASSE").count   // 2

        // Numbers and dates for a locale.
        let price = try ICUNumberFormatter(.currency("EUR"), locale: "de").format(1234.5)   // "1.234,50\u{A0}€"
        let moment = try ISO8601Text.parse("2026-06-03T15:07:00Z")
        let day = try DateTimeFormatter(date: .long, time: .short, locale: "en_GB", timeZone: "Europe/London")
            .format(moment)                                           // "3 June 2026 at 16:07"

        // Calendars: days until 1 Ramadan in the Umm al-Qura calendar.
        let hijri = try CalendarSystem("islamic-umalqura")
        let ramadan = try hijri.nextDate(after: moment, month: 9, day: 1)!
        let days = try hijri.difference(from: moment, to: ramadan, in: .day)   // 249
        #expect(pieces == ["ภาษา", "ไทย", "เขียน", "ติด", "กัน"])
        #expect(graphemes == 8)
        #expect(towns == ["Zagreb", "Ærø", "Aarhus"])
        #expect(matches == 2)
        #expect(price == "1.234,50\u{A0}€")
        #expect(day == "3 June 2026 at 16:07")
        #expect(days == 249)
    }

    @Test("Getting started: locales from outside")
    func gettingStartedLocales() throws {
        let userSetting = "sv-SE"
        let requested = try LocaleID(userSetting)             // throws LocaleError.malformed
        let env = LocaleID.fromEnvironment()                  // LC_ALL, LC_MESSAGES, LANG
        let collator = try Collator(locale: requested, strict: true)
        #expect(env == .root || !env.language.isEmpty)
        #expect(requested.identifier == "sv_SE")
        #expect(collator.sorted(["öl", "zebra"]) == ["zebra", "öl"])
    }

    @Test("Getting started: errors")
    func gettingStartedErrors() {
        var failure: CalendarError?
        do {
            let hebrew = try CalendarSystem("hebrew")
            _ = try hebrew.date(year: 5783, month: 6, day: 1)   // no Adar I in 5783
        } catch {
            failure = error   // a CalendarError: .nonexistentLeapMonth(year: 5783, month: 6)
        }
        #expect(failure == .nonexistentLeapMonth(year: 5783, month: 6))
    }

    // MARK: ThreadSafety.md

    @Test("Thread safety: one segmenter, many tasks")
    func threadSafety() async throws {
        let documents = Array(repeating: "会議は明日です。", count: 8)
        let words = try Segmenter(.word, locale: "ja")        // opens ICU once
        let counts = await withTaskGroup(of: Int.self) { group in
            for document in documents {
                group.addTask { words.count(of: document) }    // each call uses its own clone
            }
            return await group.reduce(0, +)
        }
        #expect(counts == 8 * words.count(of: documents[0]))
    }

    // MARK: Errors.md

    @Test("Errors: exhaustive switch")
    func errorsSwitch() throws {
        var messages: [String] = []
        func log(_ message: String) { messages.append(message) }
        let requested: LocaleID = "xx-YY"
        let options = Collator.Options(reorder: ["Grek"])
        var names = ["b", "a"]
        do {
            let collator = try Collator(locale: requested, options: options, strict: true)
            names = collator.sorted(names)
        } catch {
            switch error {                                        // error: CollationError
            case .unknownLocale(let id): log("no collation data for \(id); using root order")
            case .unknownScript(let code): log("reorder list: unknown script \(code)")
            case .icu(let failure): log("ICU: \(failure.name) in \(failure.operation)")
            }
        }
        #expect(messages == ["no collation data for xx_YY; using root order"])
        #expect(names == ["b", "a"])
    }

    @Test("Errors: pattern catch clauses")
    func errorsPatterns() {
        var replies: [(Int, String)] = []
        func reply(status: Int, _ message: String) { replies.append((status, message)) }
        func show(_ date: Date) { replies.append((200, ISO8601Text.string(from: date))) }
        for (identifier, year) in [("hebrew", 5783), ("julian", 2026), ("hebrew", 5784)] {
            let zone = "UTC", month = 6, day = 1
            do {
                let calendar = try CalendarSystem(identifier, timeZone: zone)
                let date = try calendar.date(year: year, month: month, day: day)
                show(date)
            } catch .unknownCalendar(let name) {
                reply(status: 400, "no calendar named \(name)")
            } catch .nonexistentLeapMonth(let year, let month) {
                reply(status: 422, "\(year) has no leap month \(month)")
            } catch {
                reply(status: 500, error.description)                 // error: CalendarError
            }
        }
        #expect(replies.map(\.0) == [422, 400, 200])
        #expect(replies[0].1 == "5783 has no leap month 6")
        #expect(replies[1].1 == "no calendar named julian")
        #expect(replies[2].1 == "2024-02-10T00:00:00Z")
    }

    @Test("Errors: typed throws in your code")
    func errorsTypedThrows() throws {
        let titles = try sortedTitles(["Ærø", "Aarhus"], locale: "da")
        let text = try importFile(Array("Grüße".utf8), localeName: "de")
        var refused = false
        do { _ = try importFile([0x41], localeName: "not a locale!") } catch { refused = true }
        #expect(titles == ["Ærø", "Aarhus"])
        #expect(text == "Grüße")
        #expect(refused)
    }

    @Test("Errors: mixing capabilities")
    func errorsMixing() {
        func countWords(_ bytes: [UInt8], encoding name: String, locale: LocaleID) -> Int32 {
            do {
                let text = try TextConverter(encodingName: name).decode(bytes)
                let words = try Segmenter(.word, locale: locale, strict: true).count(of: text)
                print(words)
                return 0
            } catch is TextConversionError {
                return 65                                         // bad data (.unknownEncoding would be 64)
            } catch let error as any ICUKitError {
                print(error.description)                          // every ICUKit error prints a sentence
                return 70
            } catch {
                return 1
            }
        }
        #expect(countWords(Array("two words".utf8), encoding: "UTF-8", locale: "en") == 0)
        #expect(countWords([0xFF], encoding: "UTF-8", locale: "en") == 65)
        #expect(countWords(Array("a".utf8), encoding: "UTF-8", locale: "xx-YY") == 70)
    }
}

// Errors.md, "Passing errors on": declarations at file scope, as in a program; the test
// "Errors: typed throws in your code" calls them.

func sortedTitles(_ titles: [String], locale: LocaleID) throws(CollationError) -> [String] {
    try Collator(locale: locale, strict: true).sorted(titles)
}

enum ImportError: Error { case encoding(TextConversionError), locale(LocaleError) }

func importFile(_ bytes: [UInt8], localeName: String) throws(ImportError) -> String {
    let locale: LocaleID
    do { locale = try LocaleID(localeName) } catch { throw .locale(error) }
    do { return try EncodingDetector(languageHint: locale.language).decode(bytes).text }
    catch { throw .encoding(error) }
}

// MARK: LocalizingAService.md

@Suite struct LocalizingAServiceExampleTests {
    @Test("LocalizingAService: load, resolve, format, serve")
    func localizingAService() throws {
        let json = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {"%lld files": {"localizations": {
              "en": {"variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "%lld file"}},
                "other": {"stringUnit": {"state": "translated", "value": "%lld files"}}}}},
              "ru": {"variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "%lld файл"}},
                "few": {"stringUnit": {"state": "translated", "value": "%lld файла"}},
                "many": {"stringUnit": {"state": "translated", "value": "%lld файлов"}},
                "other": {"stringUnit": {"state": "translated", "value": "%lld файла"}}}}}}}}}
            """
        let catalog = try StringCatalog(bytes: Array(json.utf8), format: .xcstrings)
        let languages = catalog.languages   // ["en", "ru"]
        #expect(languages == ["en", "ru"])

        let language = catalog.preferredLanguage(for: AcceptLanguage.parse("ru-UA, en;q=0.5"))   // "ru"
        let few = try catalog.format("%lld files", [3], language: language)         // "3 файла"
        let many = try catalog.format("%lld files", [5], language: language)        // "5 файлов"
        let english = try catalog.format("%lld files", [1_000], language: "en-GB")  // "1,000 files"
        #expect(language == "ru")
        #expect(few == "3 файла" && many == "5 файлов" && english == "1,000 files")

        let strings = LocalizedStrings(catalog)
        let chosen = strings.language(acceptLanguage: "de-CH, ru;q=0.8")    // "ru"
        let one = try strings.format("%lld files", [21], language: chosen)   // "21 файл"
        #expect(chosen == "ru")
        #expect(one == "21 файл")
    }
}
