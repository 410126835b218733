import Foundation
import ICUKit
import Testing

/// Character properties for every code point against the UCD files of the ICU under test (see `UnicodeDataFile`).
@Suite("Character properties conformance")
struct ScalarPropertiesConformanceTests {
    static func mismatches(_ label: String, _ check: (UInt32) -> String?) -> [String] {
        var failures: [String] = []
        for c in UInt32(0)...0x10FFFF {
            if let problem = check(c) {
                failures.append("U+\(String(c, radix: 16, uppercase: true)) \(label): \(problem)")
                if failures.count >= 10 { break }
            }
        }
        return failures
    }

    @Test("UnicodeData.txt: the Name property (algorithmic names included) and the general category")
    func namesAndCategories() throws {
        var names = [String?](repeating: nil, count: 0x110000)
        var categories = [String](repeating: "Cn", count: 0x110000)
        var rangeStart: UInt32? = nil
        for record in try UnicodeDataFile.records("UnicodeData.txt") {
            let c = UInt32(record[0], radix: 16)!
            let name = String(record[1]), category = String(record[2])
            if name.hasSuffix(", First>") { rangeStart = c; continue }
            let range = name.hasSuffix(", Last>") ? rangeStart!...c : c...c
            for v in range {
                categories[Int(v)] = category
                let hex = String(v, radix: 16, uppercase: true)
                if name.hasPrefix("<CJK Ideograph") { names[Int(v)] = "CJK UNIFIED IDEOGRAPH-\(hex)" }
                else if name.hasPrefix("<Tangut Ideograph") { names[Int(v)] = "TANGUT IDEOGRAPH-\(hex)" }
                else if name.hasPrefix("<Hangul Syllable") { names[Int(v)] = "HANGUL SYLLABLE" }  // checked by prefix
                else if !name.hasPrefix("<") { names[Int(v)] = name }
            }
        }
        let failures = Self.mismatches("name/category") { c in
            let properties = ScalarProperties(codePoint: c)!
            let name = properties.name
            let expected = names[Int(c)]
            if expected == "HANGUL SYLLABLE" {
                if !(name ?? "").hasPrefix("HANGUL SYLLABLE ") { return "name \(name ?? "nil")" }
            } else if name != expected { return "name \(name ?? "nil") != \(expected ?? "nil")" }
            let category = properties.generalCategory
            return category == categories[Int(c)] ? nil : "category \(category) != \(categories[Int(c)])"
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(ScalarProperties(codePoint: 0xAC00)!.name == "HANGUL SYLLABLE GA")
    }

    @Test("Scripts.txt and ScriptExtensions.txt (ISO 15924 codes; Zzzz where unassigned)")
    func scripts() throws {
        var short: [String: String] = [:]
        for record in try UnicodeDataFile.records("PropertyValueAliases.txt") where record[0] == "sc" && record.count >= 3 {
            short[String(record[2])] = String(record[1])
        }
        let long = try UnicodeDataFile.table("Scripts.txt", default: "Unknown")
        let extensions = try UnicodeDataFile.table("ScriptExtensions.txt", default: "")
        let failures = Self.mismatches("script") { c in
            let properties = ScalarProperties(codePoint: c)!
            let expected = short[long[Int(c)]] ?? "?"
            if properties.script != expected { return "\(properties.script) != \(expected)" }
            let scx = extensions[Int(c)].isEmpty ? [expected] : extensions[Int(c)].split(separator: " ").map(String.init).sorted()
            return properties.scriptExtensions == scx ? nil : "scx \(properties.scriptExtensions) != \(scx)"
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("Blocks.txt (loose name matching) and DerivedAge.txt")
    func blocksAndAge() throws {
        func loose(_ name: String) -> String { name.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" } }
        let blocks = try UnicodeDataFile.table("Blocks.txt", default: "No_Block")
        let ages = try UnicodeDataFile.table("DerivedAge.txt", default: "")
        var same: [String: String] = [:]  // ICU's name → the file's name, each pair checked once
        let failures = Self.mismatches("block/age") { c in
            let properties = ScalarProperties(codePoint: c)!
            let block = properties.block, expected = blocks[Int(c)]
            if same[block] != expected {
                if loose(block) != loose(expected) { return "block \(block) != \(expected)" }
                same[block] = expected
            }
            let age = properties.age ?? ""
            return age == ages[Int(c)] ? nil : "age \(age) != \(ages[Int(c)])"
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("emoji/emoji-data.txt: the six emoji properties")
    func emoji() throws {
        var sets: [String: Set<UInt32>] = [:]
        for record in try UnicodeDataFile.records("emoji/emoji-data.txt") {
            sets[String(record[1]), default: []].formUnion(UnicodeDataFile.range(record[0]))
        }
        #expect(sets.count == 6)
        let failures = Self.mismatches("emoji") { c in
            let p = ScalarProperties(codePoint: c)!
            let actual = [("Emoji", p.isEmoji), ("Emoji_Presentation", p.isEmojiPresentation), ("Emoji_Modifier", p.isEmojiModifier),
                          ("Emoji_Modifier_Base", p.isEmojiModifierBase), ("Emoji_Component", p.isEmojiComponent),
                          ("Extended_Pictographic", p.isExtendedPictographic)]
            for (name, value) in actual where value != sets[name, default: []].contains(c) { return name }
            return nil
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("known values, name lookup, binary properties by name, typed errors")
    func knownValues() throws {
        let e = ScalarProperties("é")
        #expect(e.name == "LATIN SMALL LETTER E WITH ACUTE" && e.generalCategory == "Ll" && e.script == "Latn")
        #expect(e.scriptExtensions == ["Latn"] && e.block == "Latin_1_Supplement" && e.age == "1.1")
        #expect(e.bidiClass == "L" && e.eastAsianWidth == "A" && e.combiningClass == 0 && e.numericValue == nil)
        #expect(ScalarProperties("½").numericValue == 0.5)
        #expect(ScalarProperties("\u{301}").combiningClass == 230)
        #expect(ScalarProperties("\u{7}").name == nil)
        #expect(ScalarProperties(codePoint: 0xD800)?.generalCategory == "Cs")
        #expect(ScalarProperties(codePoint: 0x110000) == nil)
        #expect(ScalarProperties(codePoint: 0x378)?.script == "Zzzz")
        #expect(try ScalarProperties.scalar(named: "latin small letter sharp s") == "ß")
        #expect(try ScalarProperties.scalar(named: "CJK UNIFIED IDEOGRAPH-4E00") == "\u{4E00}")
        #expect(try ScalarProperties.scalar(named: "HANGUL SYLLABLE GA") == "\u{AC00}")
        #expect(try ScalarProperties.scalar(named: "LATIN CAPITAL LETTER GHA") == "\u{1A2}")  // correction alias
        #expect(try ScalarProperties.scalar(named: "<control-0007>") == "\u{7}")
        #expect(throws: TextTransformError.unknownCharacterName("NO SUCH THING")) { try ScalarProperties.scalar(named: "NO SUCH THING") }
        #expect(throws: TextTransformError.unknownCharacterName("")) { try ScalarProperties.scalar(named: "") }
        #expect(try ScalarProperties(" ").hasBinaryProperty("White_Space"))
        #expect(try ScalarProperties("a").hasBinaryProperty("Alpha"))
        #expect(throws: TextTransformError.unknownProperty("Script")) { try ScalarProperties("a").hasBinaryProperty("Script") }
        #expect(throws: TextTransformError.unknownProperty("Nope")) { try ScalarProperties("a").hasBinaryProperty("Nope") }
    }
}
