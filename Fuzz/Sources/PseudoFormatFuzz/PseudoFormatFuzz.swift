// PseudoFormatFuzz: arbitrary text through FormatPlaceholder.scan and PseudoLocalizer.
//
// The first byte picks the pseudo styles (its low 4 bits; 0 means accented) and whether the
// text is a substitution's (bit 4: `%arg` is a placeholder); the rest is the text (lossy
// UTF-8). Properties checked (a violation calls fatalError, which libFuzzer reports):
// - scan: every placeholder starts with `%`, lies inside the text, is exactly the bytes of
//   its range, and the ranges strictly increase without overlapping; a conversion has a
//   conversion character, a substitution a non-empty variable name;
// - pseudo-localization keeps every placeholder: the output scans to the same placeholder
//   texts in the same order; bounded output is `[` … `]`; a style with only `bounded`
//   changes nothing inside the brackets; transforming never crashes or hangs on deep
//   MessageFormat nesting.
import FuzzSupport
import ICUKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let control = data[0]
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    let substitutionText = control & 0x10 != 0
    let bytes = Array(text.utf8)

    let placeholders = FormatPlaceholder.scan(text, substitutionText: substitutionText)
    var end = 0
    for placeholder in placeholders {
        let range = placeholder.range
        expect(range.lowerBound >= end && range.upperBound > range.lowerBound && range.upperBound <= bytes.count,
               "placeholder range \(range) out of order or bounds (previous end \(end), count \(bytes.count))")
        expect(bytes[range.lowerBound] == UInt8(ascii: "%"), "placeholder at \(range.lowerBound) does not start with %")
        expect(Array(placeholder.text.utf8) == Array(bytes[range]), "placeholder text differs from its bytes at \(range)")
        switch placeholder.kind {
        case .conversion: expect(placeholder.conversion != nil && placeholder.argumentKind != nil, "a conversion without its character")
        case .substitution: expect(!(placeholder.variable ?? "").isEmpty, "a substitution without a name")
        case .substitutionArgument: expect(substitutionText && placeholder.text == "%arg", "%arg outside a substitution's text")
        case .percent: expect(placeholder.text == "%%", "a percent placeholder that is not %%")
        case .invalid: expect(placeholder.text == "%", "an invalid placeholder longer than %")
        }
        end = range.upperBound
    }

    let bits = Int(control & 0x0F)
    let style = bits == 0 ? PseudoStyle.accented : PseudoStyle(rawValue: bits)
    let output = PseudoLocalizer(style: style).transform(text, substitutionText: substitutionText)
    let kept = FormatPlaceholder.scan(output, substitutionText: substitutionText).map(\.text)
    expect(kept == placeholders.map(\.text), "pseudo-localization (style \(style.rawValue)) changed the placeholders of \(text.debugDescription)")
    if style.contains(.bounded) && !substitutionText {
        // Bytes, not Characters: a combining mark after `[` joins it in one Character.
        expect(output.utf8.first == UInt8(ascii: "[") && output.utf8.last == UInt8(ascii: "]"), "bounded output without its brackets")
        if style == .bounded { expect(output.utf8.elementsEqual(("[" + text + "]").utf8), "bounded alone changed the text") }
    }
    return 0
}
