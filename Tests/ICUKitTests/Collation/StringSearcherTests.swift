import Testing
import ICUKit

@Suite("StringSearcher")
struct StringSearcherTests {
    func matches(_ pattern: String, _ text: String, _ options: StringSearcher.Options = [], locale: String = "") throws -> [String] {
        try StringSearcher(pattern, options: options, locale: LocaleID(locale)).ranges(in: text).map { String(text[$0]) }
    }

    @Test("case- and diacritic-insensitive matching through collation strength")
    func insensitive() throws {
        let text = "Le Café de Flore, CAFE noir, cafe\u{301} crème"
        #expect(try matches("cafe", text) == [])
        #expect(try matches("Café", text) == ["Café"])
        #expect(try matches("café", text) == ["cafe\u{301}"])   // canonically equivalent
        #expect(try matches("cafe", text, .caseInsensitive) == ["CAFE"])
        #expect(try matches("cafe", text, .diacriticInsensitive) == ["cafe\u{301}"])
        #expect(try matches("CAFE", text, .diacriticInsensitive) == ["CAFE"])
        #expect(try matches("cafe", text, [.caseInsensitive, .diacriticInsensitive]) == ["Café", "CAFE", "cafe\u{301}"])
        #expect(try matches("strasse", "Straße und STRASSE", [.caseInsensitive, .diacriticInsensitive]) == ["Straße", "STRASSE"])
        #expect(try matches("strasse", "Straße und STRASSE", .caseInsensitive) == ["STRASSE"])  // ß ≠ ss at secondary
        #expect(try matches("Ä", "a ä Ä", .diacriticInsensitive) == ["Ä"])
        // A case-valid match overlapping a case-invalid one is found, forwards and backwards
        // (fuzzing found "EEe" missed in "EeEEe").
        #expect(try matches("EEe", "EeEEe", .diacriticInsensitive) == ["EEe"])
        #expect(try StringSearcher("EEe", options: [.diacriticInsensitive, .backwards]).firstRange(in: "EeEEe").map { "EeEEe".distance(from: "EeEEe".startIndex, to: $0.lowerBound) } == 2)
    }

    @Test("Turkish dotted and dotless i")
    func turkish() throws {
        let text = "IŞIK ışık İstanbul istanbul"
        #expect(try matches("ı", text, .caseInsensitive, locale: "tr").count == 4)
        #expect(try matches("i", text, .caseInsensitive, locale: "tr") == ["İ", "i"])
        #expect(try matches("i", text, .caseInsensitive) == ["I", "I", "i"])  // root: I is the capital of i; ı and İ differ
    }

    @Test("first, backwards, anchored")
    func directions() throws {
        let text = "abc ABC abc"
        let forward = try StringSearcher("abc", options: .caseInsensitive)
        let first = try #require(forward.firstRange(in: text))
        #expect(text.distance(from: text.startIndex, to: first.lowerBound) == 0)
        let backwards = try StringSearcher("abc", options: [.caseInsensitive, .backwards])
        let last = try #require(backwards.firstRange(in: text))
        #expect(text.distance(from: text.startIndex, to: last.lowerBound) == 8)
        #expect(try StringSearcher("ABC", options: .anchored).firstRange(in: text) == nil)
        #expect(try StringSearcher("abc", options: .anchored).firstRange(in: text) == text.startIndex..<text.index(text.startIndex, offsetBy: 3))
        #expect(try StringSearcher("abc", options: [.anchored, .backwards]).firstRange(in: text)?.upperBound == text.endIndex)
        #expect(try StringSearcher("ABC", options: [.anchored, .backwards]).firstRange(in: text) == nil)
        // Anchored at the end, the match is found even where it overlaps an earlier one,
        // with and without the case check of a diacritic-insensitive search, by both calls.
        for options: StringSearcher.Options in [[.anchored, .backwards], [.anchored, .backwards, .diacriticInsensitive]] {
            for (pattern, text, start) in [("ana", "banana", 3), ("aa", "aaa", 1), ("ee", "éee", 2)] {
                let searcher = try StringSearcher(pattern, options: options)
                #expect(searcher.utf8Ranges(in: text) == [start..<start + pattern.utf8.count], "\(pattern) in \(text), \(options)")
                #expect(searcher.firstRange(in: text).map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) } == start)
            }
        }
        #expect(try StringSearcher("", options: []).ranges(in: text).isEmpty)
        #expect(try StringSearcher("x").ranges(in: "").isEmpty)
        // Ignorable characters only (fuzzing found empty matches): no match.
        #expect(try StringSearcher("\u{0}\u{0}").ranges(in: "ab\u{0}c").isEmpty)
    }

    @Test("a backwards search gives the same answer every time (ICU 72 reuses a searcher badly)")
    func backwardsRepeated() throws {
        // On a reused UStringSearch the second backwards search reported length -2 here.
        let text = "\u{301}\u{0}\u{301}\u{FFFD}"
        let searcher = try StringSearcher("\u{301}\u{1}\u{FFFD}", options: [.caseInsensitive, .backwards, .anchored], locale: "tr")
        let first = searcher.utf8Ranges(in: text)
        #expect(first == [3..<8])
        for _ in 0..<4 {
            #expect(searcher.utf8Ranges(in: text) == first)
            #expect(searcher.ranges(in: text).count == first.count)
            #expect(searcher.firstRange(in: text).map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) } == 3)
        }
    }

    @Test("ranges map back to the right indices with combining marks, emoji and CRLF")
    func indices() throws {
        let text = "👩‍👩‍👧 e\u{301}te\r\nÉTÉ 🇯🇵 ete"
        let searcher = try StringSearcher("ete", options: [.caseInsensitive, .diacriticInsensitive])
        let found = searcher.ranges(in: text)
        #expect(found.map { String(text[$0]) } == ["e\u{301}te", "ÉTÉ", "ete"])
        #expect(searcher.utf8Ranges(in: text).first == 19..<24)
        // A Substring gives ranges of its base string.
        let slice = text.dropFirst(2)
        #expect(searcher.ranges(in: slice).map { String(text[$0]) } == ["e\u{301}te", "ÉTÉ", "ete"])
        #expect(searcher.utf8Ranges(in: slice).first == 19 - text.utf8.distance(from: text.startIndex, to: slice.startIndex)..<24 - text.utf8.distance(from: text.startIndex, to: slice.startIndex))
    }

    @Test("a searcher is shared across tasks")
    func concurrency() async throws {
        let searcher = try StringSearcher("straße", options: [.caseInsensitive, .diacriticInsensitive], locale: LocaleID("de"))
        let text = String(repeating: "Die Hauptstraße und die STRASSE. ", count: 200)
        let expected = searcher.ranges(in: text).count
        #expect(expected == 400)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { searcher.ranges(in: text).count } }
            for try await count in group { #expect(count == expected) }
        }
    }
}
