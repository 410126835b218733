import ICUKit
import Testing

/// `PseudoLocalizer` and `StringCatalog.pseudoLocalized`: each style, combinations, and
/// every placeholder, tag, entity, escape and MessageFormat syntax kept byte for byte.
@Suite("Pseudo-localization")
struct PseudoLocalizerTests {
    static let rlo = "\u{200F}\u{202E}"
    static let pdf = "\u{202C}\u{200F}"

    @Test("each style alone")
    func styles() {
        #expect(PseudoLocalizer(style: .accented).transform("Hello World") == "Ĥéļļö Ŵöŕļð")
        #expect(PseudoLocalizer(style: .accented).transform("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ").unicodeScalars.allSatisfy { !$0.isASCII })
        #expect(PseudoLocalizer(style: .bounded).transform("Save") == "[Save]")
        #expect(PseudoLocalizer(style: .rtl).transform("Hi there") == "\(Self.rlo)Hi\(Self.pdf) \(Self.rlo)there\(Self.pdf)")
        // 4 characters grow by 100 %, 20 by 80 %, 100 by 30 %.
        #expect(PseudoLocalizer(style: .double).transform("Save") == "Save one")
        #expect(PseudoLocalizer(style: .double).transform(String(repeating: "x", count: 20)).count == 36)
        #expect(PseudoLocalizer(style: .double).transform(String(repeating: "x", count: 100)).count == 130)
        #expect(PseudoLocalizer(style: .double).transform("%@") == "%@")
    }

    @Test("combinations and what is kept")
    func kept() throws {
        let all = PseudoLocalizer(style: [.accented, .bounded])
        #expect(all.transform("Delete %lld files?") == "[Ðéļéţé %lld ƒîļéš?]")
        #expect(all.transform("%1$@ has %2$#@count@ (100%%)") == "[%1$@ ĥáš %2$#@count@ (100%%)]")
        #expect(all.transform("<a href=\"x\">Link</a> &amp; &#8217; \\n\\\"") == "[<a href=\"x\">Ļîñķ</a> &amp; &#8217; \\n\\\"]")
        #expect(all.transform("%arg lines", substitutionText: true) == "%arg ļîñéš")
        #expect(all.transform("%arg lines") == "[%aŕĝ ļîñéš]")   // %a is a printf conversion outside a substitution
        #expect(all.transform("{count, plural, one {# file} other {# files}} in {folder}")
                == "[{count, plural, one {# ƒîļé} other {# ƒîļéš}} îñ {folder}]")
        #expect(all.transform("{n, number, ::percent} done") == "[{n, number, ::percent} ðöñé]")
        #expect(all.transform("{g, select, female {She} other {They}}") == "[{g, select, female {Šĥé} other {Ţĥéý}}]")
        #expect(PseudoLocalizer(style: [.accented, .rtl, .bounded]).transform("Go %@") == "[\(Self.rlo)Ĝö\(Self.pdf) %@]")
        #expect(PseudoStyle.names.map(\.0) == ["accented", "bounded", "double", "rtl"])
        #expect(throws: StringsError.self) { try PseudoStyle(parsing: "accented,wide") }
        #expect(try PseudoStyle(parsing: "double, rtl") == [.double, .rtl])
    }

    /// A random string of protected tokens and text, with the protected tokens in order.
    static func generate(_ random: inout SplitMix) -> (String, [String]) {
        let placeholders = ["%@", "%1$@", "%2$lld", "%lld", "%d", "%.2f", "%%", "%#@count@", "%2$#@files@", "%-5s", "%x", "%3$lu"]
        let markup = ["<b>", "</b>", "<a href=\"https://x.org/?a=1&b=2\">", "<br/>", "<!-- note -->", "&amp;", "&#8217;", "&#x1F600;", "&nbsp;",
                      "\\n", "\\\"", "\\\\", "\\t", "\\u00e9", "\\U0001F600", "{name}", "{0}", "{n, number}", "{d, date, short}"]
        let words = ["Hello", "files", "Ünïcode", "日本語", "👩‍💻", " ", "  ", ".", ", ", "!", "?", ":", "-", "42", "x", "Zebra", "\n", "ß"]
        var text = ""
        var tokens: [String] = []
        func word(_ random: inout SplitMix) -> String { words[Int(random.next() % UInt64(words.count))] }
        for _ in 0..<Int(random.next() % 12) {
            switch random.next() % 5 {
            case 0:
                let token = placeholders[Int(random.next() % UInt64(placeholders.count))]
                text += token
                tokens.append(token)
            case 1:
                let token = markup[Int(random.next() % UInt64(markup.count))]
                text += token
                tokens.append(token)
            case 2:
                let parts = ["{count, plural, one {", "#", "} few {", "} other {", "}}"]
                text += parts[0] + word(&random) + parts[1] + " " + word(&random) + parts[2] + word(&random) + parts[3] + parts[1] + word(&random) + parts[4]
                tokens += [parts[0], parts[1], parts[2], parts[3], parts[1], parts[4]]
            default:
                text += word(&random) + word(&random)
            }
        }
        return (text, tokens)
    }

    @Test("property: every placeholder, tag, entity, escape and MessageFormat part kept byte for byte, in order (seeded)")
    func property() {
        var random = SplitMix(state: 34)
        let styles: [PseudoStyle] = (1...15).map { PseudoStyle(rawValue: $0) }
        for _ in 0..<3000 {
            let (text, tokens) = Self.generate(&random)
            let style = styles[Int(random.next() % UInt64(styles.count))]
            let output = Array(PseudoLocalizer(style: style).transform(text).utf8)
            var from = 0
            for token in tokens {
                let bytes = Array(token.utf8)
                var found: Int?
                var i = from
                while i + bytes.count <= output.count {
                    if output[i..<i + bytes.count].elementsEqual(bytes) {
                        found = i
                        break
                    }
                    i += 1
                }
                guard let found else {
                    Issue.record("\(token) lost from \(text.debugDescription) with style \(style.rawValue)")
                    return
                }
                from = found + bytes.count
            }
            // Placeholders scan the same before and after.
            let before = FormatPlaceholder.scan(text).map(\.text)
            let after = FormatPlaceholder.scan(String(decoding: output, as: UTF8.self)).map(\.text)
            #expect(before == after, "\(text.debugDescription) style \(style.rawValue)")
            if before != after { return }
        }
    }

    @Test("a catalog gains en-XA or ar-XB from its source language")
    func catalog() {
        let clean = StringsCheckTests.clean()
        let pseudo = clean.pseudoLocalized([.accented, .bounded])
        #expect(pseudo.languages.contains("en-XA"))
        #expect(pseudo["Hello, %@!"]?.localizations["en-XA"]?.unit?.value == "[Ĥéļļö, %@!]")
        #expect(pseudo["files"]?.localizations["en-XA"]?.variations?.cases["other"]?.unit?.value == "[%lld ƒîļéš]")
        #expect(pseudo["lines"]?.localizations["en-XA"]?.substitutions["count"]?.variations?.cases["other"]?.unit?.value == "%arg ļîñéš")
        #expect(pseudo["app.name"]?.localizations["en-XA"] == nil)
        #expect(pseudo.check(file: "x").filter { $0.language == "en-XA" }.map(\.description) == [])
        let rtl = clean.pseudoLocalized([.rtl])
        #expect(rtl.languages.contains("ar-XB"))
        let arabic = rtl["files"]?.localizations["ar-XB"]?.variations?.cases
        #expect(Set(arabic?.keys.map { $0 } ?? []) == ["zero", "one", "two", "few", "many", "other"])
        #expect(clean.pseudoLocalized(.double, language: "en-XL").languages.contains("en-XL"))
    }
}
