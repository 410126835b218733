import Testing
@testable import ICUKit

/// Patterns at the edges of what MessageFormatter accepts: deep nesting, names that are
/// equal only as Swift strings, and the argument list ICU hands back.
@Suite("Message formatting: nesting, equivalent names, argument lists")
struct MessageFormatterLimitsTests {
    /// `levels` select arguments, each inside the `other` case of the one before: the
    /// innermost sub-message is at ICU's nesting level `levels`.
    static func nestedSelects(_ levels: Int) -> String {
        String(repeating: "{a,select,other{", count: levels) + "x" + String(repeating: "}}", count: levels)
    }

    static func nestedChoices(_ levels: Int) -> String {
        String(repeating: "{n,choice,0#", count: levels) + "x" + String(repeating: "}", count: levels)
    }

    @Test("nesting: level 198 parses, 199 and deeper (4000, 40000) are refused before ICU recurses")
    func nesting() throws {
        let en = LocaleID("en")
        #expect(try MessageFormatter(Self.nestedSelects(198), locale: en).argumentNames == ["a"])
        #expect(try MessageFormatter(Self.nestedChoices(198), locale: en).argumentNames == ["n"])
        for levels in [199, 4000, 40000] {
            let selects = Self.nestedSelects(levels), choices = Self.nestedChoices(levels)
            #expect(throws: FormattingError.invalidPattern(selects, offset: nil, reason: "nesting too deep")) {
                try MessageFormatter(selects, locale: en)
            }
            #expect(throws: FormattingError.invalidPattern(choices, offset: nil, reason: "nesting too deep")) {
                try MessageFormatter(choices, locale: en)
            }
        }
        // A shallow message formats.
        #expect(try MessageFormatter(Self.nestedSelects(20), locale: en).format(["a": "b"]) == "x")
        // Braces that are not sub-messages do not count: quoted ones, and a simple style's.
        let quoted = "'" + String(repeating: "{", count: 500) + "' {a}"
        #expect(try MessageFormatter(quoted, locale: en).format(["a": "b"]) == String(repeating: "{", count: 500) + " b")
    }

    @Test("the nesting scan reads a pattern as ICU's MessagePattern does")
    func nestingScanMatchesICU() throws {
        let patterns = [
            "", "x", "{a}", "}", "'", "''", "'{'", "a'{'{b}", Self.nestedSelects(3), Self.nestedChoices(4),
            "{a, plural, offset:1 =0 {z} one {# '#' {b, select, other {'}'{c, choice, 0#x|1<{d,plural,other{#}}}}}} other {#}}",
            "{n, selectordinal, one {'#{'} other {{m, select, x {y} other {'{{'}}}}",
            "{a, number, '{'{{}}} {b, date, {} } {c, Select, other {{d, CHOICE, 0#'|'{e,plural,other{f}}|1#g}}}",
            "{n,choice,0#a|1#{m,choice,0#b|1#{k,select,other{'|'}}}}",
            "{a\u{200E}, select , other\u{2029}{ {b,select,other{c}} }}",
            "'{{{{' {a, select, other {'}}}}' {b, select, other {x}}}}",
            "{a, select, other {x}", "{a, plural, other {x", "{n,choice,0#{m,select,other{x}}|",
        ]
        for pattern in patterns {
            let units = Array(pattern.utf16)
            let scanned = MessageFormatter.nestingDepth(units)
            if let listed = try? units.withUnsafeBufferPointer({ units throws(ICUError) in try ICU.icukit_message_arguments(units) }) {
                #expect(scanned == listed.depth, "\(pattern)")
            } else {
                #expect(scanned >= 0, "\(pattern)")
            }
        }
        #expect(MessageFormatter.nestingDepth(Array(Self.nestedSelects(3).utf16)) == 3)
        #expect(MessageFormatter.nestingDepth(Array("'{'{a,select,other{'}'{b,select,other{c}}}}".utf16)) == 2)
    }

    @Test("names equal as Swift strings (canonically equivalent) are one argument")
    func equivalentNames() throws {
        let en = LocaleID("en")
        let both = try MessageFormatter("{\u{E9}} {e\u{301}}", locale: en)
        #expect(both.argumentNames.count == 1)
        #expect(try both.format(["\u{E9}": "x"]) == "x x")
        #expect(try both.format(["e\u{301}": "y"]) == "y y")
        let typed = "{\u{E9}, number} {e\u{301}}"
        let reason = "argument e\u{301} is used with two different types"
        #expect(throws: FormattingError.invalidPattern(typed, offset: nil, reason: reason)) {
            try MessageFormatter(typed, locale: en)
        }
        do {
            _ = try MessageFormatter(typed, locale: en)
        } catch .invalidPattern(_, _, let thrown) {
            // The spelling of the use that conflicts, as written.
            #expect(Array(thrown.unicodeScalars) == Array(reason.unicodeScalars))
        } catch {
            Issue.record("unexpected \(error)")
        }
        // Of two conflicts the first in the pattern is reported: here the exact-name one.
        let first = "{a, number} {a} {\u{E9}} {e\u{301}, number}"
        #expect(throws: FormattingError.invalidPattern(first, offset: nil, reason: "argument a is used with two different types")) {
            try MessageFormatter(first, locale: en)
        }
        let second = "{\u{E9}} {e\u{301}, number} {a, number} {a}"
        #expect(throws: FormattingError.invalidPattern(second, offset: nil, reason: "argument e\u{301} is used with two different types")) {
            try MessageFormatter(second, locale: en)
        }
        let same = try MessageFormatter("{e\u{301}, number} and {\u{E9}, number}", locale: en)
        #expect(same.argumentNames == ["e\u{301}"])
        #expect(try same.format(["\u{E9}": 1234]) == "1,234 and 1,234")
    }

    @Test("the argument list is sized to the arguments, however long the pattern")
    func argumentListSize() throws {
        let units = Array(("{a}" + String(repeating: "z", count: 4000)).utf16)
        let listed = try units.withUnsafeBufferPointer { units throws(ICUError) in try ICU.icukit_message_arguments(units) }
        #expect(listed.arguments.count == 1)
        #expect(listed.arguments.capacity < 16)
        let many = Array((0..<100).map { "{a\($0)}" }.joined().utf16)
        let all = try many.withUnsafeBufferPointer { units throws(ICUError) in try ICU.icukit_message_arguments(units) }
        #expect(all.arguments.count == 100)
        #expect(all.arguments.capacity < 120)
        #expect(all.conflict == nil && all.depth == 0)
    }
}
