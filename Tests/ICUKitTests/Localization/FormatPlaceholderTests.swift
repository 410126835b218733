import Testing
import ICUKit

@Suite struct FormatPlaceholderTests {
    @Test func positionsTypesAndOffsets() {
        let format = "é %1$@ has %2$lld files (100%%), %.1f%"
        let placeholders = FormatPlaceholder.scan(format)
        #expect(placeholders.map(\.text) == ["%1$@", "%2$lld", "%%", "%.1f", "%"])
        #expect(placeholders.map(\.kind) == [.conversion, .conversion, .percent, .conversion, .invalid])
        #expect(placeholders[0].range == 3..<7)   // "é " is three bytes
        #expect(placeholders[1].position == 2 && placeholders[1].length == "ll")
        #expect(placeholders.map(\.argumentKind) == [.string, .integer, nil, .double, nil])
        #expect(placeholders[3].precision == 1)
        let bytes = Array(format.utf8)
        for placeholder in placeholders {
            #expect(String(decoding: bytes[placeholder.range], as: UTF8.self) == placeholder.text)
        }
    }

    @Test func substitutionsAndArg() {
        let placeholders = FormatPlaceholder.scan("%1$#@files@ in %#@folders@ (%#@@ %#@x)")
        #expect(placeholders.prefix(2).map(\.variable) == ["files", "folders"])
        #expect(placeholders[0].position == 1)
        // An empty or unclosed name is no substitution: `%#@` reads as `%@` with the `#` flag.
        #expect(placeholders.dropFirst(2).map(\.text) == ["%#@", "%#@"])
        #expect(placeholders.dropFirst(2).allSatisfy { $0.kind == .conversion && $0.flags == "#" })
        #expect(FormatPlaceholder.scan("%arg items").map(\.kind) == [.conversion])   // %a: a hex double
        #expect(FormatPlaceholder.scan("%arg items", substitutionText: true).map(\.kind) == [.substitutionArgument])
    }

    @Test func flagsWidthsAndStars() {
        let placeholder = FormatPlaceholder.scan("%-+08.3lu")[0]
        #expect(placeholder.flags == "-+0" && placeholder.width == 8 && placeholder.precision == 3)
        #expect(placeholder.length == "l" && placeholder.argumentKind == .unsignedInteger)
        let star = FormatPlaceholder.scan("%*.*f")[0]
        #expect(star.widthFromArgument && star.precisionFromArgument)
        #expect(FormatPlaceholder.scan("").isEmpty && FormatPlaceholder.scan("100%").map(\.kind) == [.invalid])
    }
}
