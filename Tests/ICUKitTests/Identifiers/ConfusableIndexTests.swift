import ICUKit
import Testing

/// The confusable index: existing identifiers by skeleton, for sign-up checks.
@Suite("Confusable index")
struct ConfusableIndexTests {
    @Test("finds the existing names with the candidate's skeleton, itself included")
    func matches() throws {
        let index = try ConfusableIndex(["paypal", "alice", "scope", "rn_user", "bob", "google"])
        #expect(index.count == 6)
        #expect(try index.matches(for: "раураl") == ["paypal"])      // Cyrillic р а у а
        #expect(try index.matches(for: "ѕсоре") == ["scope"])        // whole-script Cyrillic
        #expect(try index.matches(for: "m_user") == ["rn_user"])     // m → rn
        #expect(try index.matches(for: "ｇｏｏｇｌｅ") == ["google"])    // fullwidth
        #expect(try index.matches(for: "paypal") == ["paypal"])      // identical: taken
        #expect(try index.matches(for: "carol") == [])
        #expect(try index.matches(for: "") == [])
        #expect(try index.containsConfusable(of: "аlice"))
        #expect(!(try index.containsConfusable(of: "alicia")))
        #expect(throws: IdentifierError.invalidUTF8(InvalidUTF8Error(byteOffset: 0))) { try index.matches(utf8: [0xFF]) }
    }

    @Test("several existing names with one skeleton come back in input order; identical names once")
    func collisions() throws {
        let index = try ConfusableIndex(["l1", "zeta", "11", "ll", "l1", "I1", "1l", "ⅼ1"])
        #expect(index.count == 7)
        let checker = try SpoofChecker()
        let expected = ["l1", "11", "ll", "I1", "1l", "ⅼ1"].filter { (try? checker.skeleton($0)) == (try? checker.skeleton("l1")) }
        #expect(expected.count >= 5)
        #expect(try index.matches(for: "Il") == expected)
        #expect(try index.matches(for: "zeta") == ["zeta"])
        // Every match is confusable per the checker, every non-match is not.
        for name in ["l1", "zeta", "11", "ll", "I1", "1l", "ⅼ1"] {
            #expect(try index.matches(for: name).allSatisfy { (try? checker.areConfusable($0, name).isEmpty) == false })
        }
    }

    @Test("thousands of distinct names with one skeleton, each given five times")
    func oneLargeGroup() throws {
        // Every 7-letter string over l, I, 1: 2,187 names, one skeleton.
        var group: [String] = []
        for n in 0..<2_187 {
            var value = n, name = ""
            for _ in 0..<7 { name.append(["l", "I", "1"][value % 3]); value /= 3 }
            group.append(name)
        }
        let index = try ConfusableIndex(Array(repeating: group, count: 5).joined())
        #expect(index.count == 2_187)
        let found = try index.matches(for: "lllllll")
        #expect(found == group)
        #expect(try index.matches(for: "llllll") == [])
    }

    @Test("many generated names: every name finds itself and its Cyrillic look-alike finds it")
    func manyNames() throws {
        // Names over letters whose Cyrillic look-alikes exist: a c e o p x y.
        let letters = Array("aceopxy")
        let cyrillic: [Character: Character] = ["a": "а", "c": "с", "e": "е", "o": "о", "p": "р", "x": "х", "y": "у"]
        var names: [String] = []
        for i in 0..<20_000 {
            var n = i, name = ""
            repeat { name.append(letters[n % letters.count]); n /= letters.count } while n > 0
            names.append(name + String(i % 97))
        }
        let index = try ConfusableIndex(names)
        #expect(index.count == Set(names).count)
        for name in names.prefix(2_000) {
            let spoof = String(name.map { cyrillic[$0] ?? $0 })
            let found = try index.matches(for: spoof)
            #expect(found.contains(name), "\(name)")
            #expect(try index.matches(for: name) == found)
        }
    }
}
