import Testing
import ICUKit

/// Segmentation of real text in many scripts, with ICU's dictionaries where a script is
/// written without spaces.
@Suite("Real text")
struct RealTextTests {
    private func words(_ text: String, _ locale: String) throws -> [String] {
        try Segmenter(.word, locale: LocaleID(locale)).segments(of: text).filter(\.isWordLike).map { String(text[$0.range]) }
    }

    @Test("words in ten scripts")
    func wordsInManyScripts() throws {
        #expect(try words("The quick brown fox doesn't jump over 3.14 lazy dogs.", "en")
            == ["The", "quick", "brown", "fox", "doesn't", "jump", "over", "3.14", "lazy", "dogs"])
        #expect(try words("Съешь же ещё этих мягких французских булок.", "ru")
            == ["Съешь", "же", "ещё", "этих", "мягких", "французских", "булок"])
        #expect(try words("Ξεσκεπάζω την ψυχοφθόρα βδελυγμία.", "el") == ["Ξεσκεπάζω", "την", "ψυχοφθόρα", "βδελυγμία"])
        #expect(try words("مرحبا بالعالم، هذا نص عربي.", "ar") == ["مرحبا", "بالعالم", "هذا", "نص", "عربي"])
        #expect(try words("שלום עולם, זה טקסט בעברית.", "he") == ["שלום", "עולם", "זה", "טקסט", "בעברית"])
        #expect(try words("नमस्ते दुनिया, यह हिंदी है।", "hi") == ["नमस्ते", "दुनिया", "यह", "हिंदी", "है"])
        #expect(try words("안녕하세요 세계, 반갑습니다.", "ko") == ["안녕하세요", "세계", "반갑습니다"])
        #expect(try words("გამარჯობა მსოფლიო", "ka") == ["გამარჯობა", "მსოფლიო"])
        #expect(try words("Բարեւ աշխարհ", "hy") == ["Բարեւ", "աշխարհ"])
        #expect(try words("வணக்கம் உலகம்", "ta") == ["வணக்கம்", "உலகம்"])
    }

    @Test("dictionary scripts split into real words")
    func dictionaryLanguages() throws {
        #expect(try words("ภาษาไทยเขียนติดกันโดยไม่เว้นวรรค", "th")
            == ["ภาษา", "ไทย", "เขียน", "ติด", "กัน", "โดย", "ไม่", "เว้น", "วรรค"])
        #expect(try words("我们今天去北京大学看书。", "zh") == ["我们", "今天", "去", "北京", "大学", "看书"])
        #expect(try words("東京で日本語のテキストを分割します。", "ja") == ["東京", "で", "日本語", "の", "テキスト", "を", "分割", "し", "ます"])
        #expect(try words("ພາສາລາວ", "lo").count >= 2)
        #expect(try words("ខ្ញុំស្រលាញ់ភាសាខ្មែរ", "km").count >= 3)
        #expect(try words("ကျွန်တော်မြန်မာစကားပြောတတ်ပါတယ်", "my").count >= 3)
        // The dictionary applies whatever the locale: ICU picks it by script.
        #expect(try words("ภาษาไทย", "en") == ["ภาษา", "ไทย"])
    }

    @Test("word kinds follow ICU's rule status")
    func wordKinds() throws {
        let text = "Tokyo 東京 カタカナ 42 !"
        let kinds = try Segmenter(.word, locale: "ja").segments(of: text).map { "\(text[$0.range]):\($0.kind.rawValue)" }
        #expect(kinds.contains("Tokyo:letter"))
        #expect(kinds.contains("42:number"))
        #expect(kinds.contains("!:none"))
        #expect(kinds.contains(" :none"))
        #expect(kinds.contains("東京:ideographic"))
        #expect(kinds.contains(where: { $0.hasPrefix("カタカナ:") && ($0.hasSuffix(":kana") || $0.hasSuffix(":ideographic")) }))
    }

    @Test("graphemes: emoji ZWJ sequences, flags, skin tones, CRLF, combining marks, Indic clusters")
    func graphemes() throws {
        let segmenter = try Segmenter(.grapheme)
        let cases: [(String, Int)] = [
            ("👩‍👩‍👧‍👦", 1), ("🏳️‍🌈", 1), ("🇯🇵🇫🇷🇧🇷", 3), ("🇯🇵🇫", 2), ("👍🏽", 1), ("\r\n", 1), ("\n\r", 2),
            ("e\u{301}\u{323}", 1), ("각", 1), ("\u{1100}\u{1161}\u{11A8}", 1), ("क्षि", 1), ("नमस्ते", 3),
            ("🧑🏾‍❤️‍💋‍🧑🏻", 1), ("a\u{200D}b", 2), ("", 0),
        ]
        for (text, expected) in cases {
            #expect(segmenter.count(of: text) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        // ICU agrees with the Swift standard library on these.
        for (text, _) in cases { #expect(segmenter.count(of: text) == text.count) }
    }

    @Test("sentences: terminators, separators and @ss=standard suppressions")
    func sentences() throws {
        let text = "Mr. Smith paid $3.50 at 9 a.m. today. Did he? Yes!\nNew paragraph without stop\nEnd."
        let plain = try Segmenter(.sentence, locale: "en").segments(of: text)
        let suppressed = try Segmenter(.sentence, locale: "en@ss=standard").segments(of: text)
        #expect(String(text[plain[0].range]) == "Mr. ")
        #expect(String(text[suppressed[0].range]) == "Mr. Smith paid $3.50 at 9 a.m. today. ")
        #expect(suppressed.count == plain.count - 1)
        #expect(suppressed.map(\.kind) == [.terminator, .terminator, .terminator, .separator, .terminator])
        // BCP 47 form of the same keyword.
        #expect(try Segmenter(.sentence, locale: "en-u-ss-standard").count(of: text) == suppressed.count)
        #expect(try Segmenter(.sentence, locale: "ja").count(of: "今日は晴れです。明日は雨でしょう。") == 2)
        #expect(try Segmenter(.sentence, locale: "ar").count(of: "هل أنت بخير؟ نعم.") == 2)
        #expect(try Segmenter(.sentence, locale: "hi").count(of: "यह पहला वाक्य है। यह दूसरा है।") == 2)
    }

    @Test("line breaks: soft and hard, CJK between characters, no break inside words")
    func lines() throws {
        let text = "A well-known fact.\nNext"
        let segments = try Segmenter(.line).segments(of: text)
        #expect(segments.map { String(text[$0.range]) } == ["A ", "well-", "known ", "fact.\n", "Next"])
        #expect(segments.map(\.kind) == [.soft, .soft, .soft, .hard, .soft])
        let japanese = "日本語の文章。"
        #expect(try Segmenter(.line, locale: "ja").count(of: japanese) >= 4)
        let thai = "ภาษาไทยเขียนติดกัน"
        #expect(try Segmenter(.line, locale: "th").segments(of: thai).map { String(thai[$0.range]) } == ["ภาษา", "ไทย", "เขียน", "ติด", "กัน"])
    }

    @Test("StringProtocol conveniences")
    func conveniences() throws {
        #expect("🇯🇵e\u{301}👩‍👩‍👧".graphemes() == ["🇯🇵", "e\u{301}", "👩‍👩‍👧"])
        #expect("Hello, world!".words() == ["Hello", "world"])
        #expect("日本語のテキストです".words(locale: LocaleID("ja")) == ["日本語", "の", "テキスト", "です"])
        #expect("One. Two? Three!".sentences().count == 3)
        #expect("A well-known fact.".lineBreakSegments() == ["A ", "well-", "known ", "fact."])
        let text = "«Hello world»"
        let slice = text.dropFirst().dropLast()
        #expect(slice.words() == ["Hello", "world"])
        #expect(slice.segments(by: .word).first?.range.lowerBound == slice.startIndex)
    }

    @Test("a Substring slice gives the same answers as a copied String, in its own indices")
    func substringEqualsCopy() throws {
        let base = "Intro — 東京で日本語を話す。Mr. Smith 👩‍👩‍👧 said \"hi\".\r\nภาษาไทย end"
        let lower = base.index(base.startIndex, offsetBy: 8)
        let upper = base.index(base.endIndex, offsetBy: -4)
        let slice = base[lower..<upper]
        let copy = String(slice)
        for unit in Segmenter.Unit.allCases {
            let segmenter = try Segmenter(unit, locale: "ja")
            #expect(segmenter.boundaryOffsets(of: slice) == segmenter.boundaryOffsets(of: copy))
            let fromSlice = segmenter.segments(of: slice).map { (String(base[$0.range]), $0.kind) }
            let fromCopy = segmenter.segments(of: copy).map { (String(copy[$0.range]), $0.kind) }
            #expect(fromSlice.map(\.0) == fromCopy.map(\.0))
            #expect(fromSlice.map(\.1) == fromCopy.map(\.1))
            #expect(segmenter.segments(of: slice).first?.range.lowerBound == slice.startIndex)
            #expect(segmenter.segments(of: slice).last?.range.upperBound == slice.endIndex)
        }
    }

    @Test("boundary queries")
    func queries() throws {
        let text = "Hello wörld, 世界!"
        let segmenter = try Segmenter(.word, locale: "zh")
        let boundaries = segmenter.boundaries(of: text)
        for (index, boundary) in boundaries.enumerated() {
            #expect(segmenter.isBoundary(boundary, in: text))
            #expect(segmenter.boundary(after: boundary, in: text) == (index + 1 < boundaries.count ? boundaries[index + 1] : nil))
            #expect(segmenter.boundary(before: boundary, in: text) == (index > 0 ? boundaries[index - 1] : nil))
        }
        var index = text.startIndex
        while index < text.endIndex {
            #expect(segmenter.isBoundary(index, in: text) == boundaries.contains(index))
            index = text.unicodeScalars.index(after: index)
        }
        // Inside a multi-byte scalar: not a boundary; the next one is found.
        let inside = text.utf8.index(text.utf8.firstIndex(of: 0xC3)!, offsetBy: 1)
        #expect(!segmenter.isBoundary(inside, in: text))
        #expect(segmenter.boundary(after: inside, in: text) == boundaries.first { $0 > inside })
    }

    @Test("segmenters are shared safely across tasks")
    func concurrentUse() async throws {
        let segmenter = try Segmenter(.word, locale: "th")
        let text = String(repeating: "ภาษาไทยเขียนติดกัน Hello world. ", count: 50)
        let expected = segmenter.boundaryOffsets(of: text)
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<16 {
                group.addTask { (0..<20).allSatisfy { _ in segmenter.boundaryOffsets(of: text) == expected } }
            }
            for try await same in group { #expect(same) }
        }
    }

    @Test("locales: actual locale reported, strict mode refuses unknown ones")
    func locales() throws {
        #expect(try Segmenter(.word, locale: "xx").count(of: "a b") == 3)
        #expect(throws: SegmentationError.unknownLocale("xx")) { try Segmenter(.word, locale: "xx", strict: true) }
        let malformed = "not a locale!"
        #expect(throws: LocaleError.self) { try Segmenter(.word, locale: LocaleID(malformed)) }
        #expect(try Segmenter(.word, locale: "xx").actualLocale == .root)
        #expect(try Segmenter(.word, locale: "xx").validLocale == .root)
        #expect(try Segmenter(.word, locale: "fi").actualLocale.language == "fi")
        #expect(try Segmenter(.line, locale: "ja").actualLocale.language == "ja")
        #expect(try Segmenter(.sentence, locale: "en@ss=standard", strict: true).locale.keywordValue("ss") == "standard")
        #expect(try Segmenter(.word, locale: "th").locale.identifier == "th")
    }
}
