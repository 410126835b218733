// NumberParseFuzz: arbitrary strings (lossy UTF-8) parsed as localized numbers.
//
// Checked: NumberParser (decimal, percent, currency, scientific) and the spell-out rules
// either return a number or throw FormattingError.unparseable with a byte offset inside
// the text that falls on a character boundary; PluralRules.category(forFormatted:) throws
// FormattingError or returns a category; a parsed finite decimal value formats again.
import FuzzSupport
import ICUKit

private let locales = ["en", "fr", "de", "ar", "hi", "ja", "ru", "pl", "he"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let locale = (try? LocaleID(locales[Int(data[0]) % locales.count])) ?? .root
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    for kind in NumberParser.Kind.allCases {
        do {
            let value = try NumberParser(kind, locale: locale).parse(text)
            if value.isFinite { _ = try ICUNumberFormatter(.decimal, locale: locale).format(value) }
        } catch FormattingError.unparseable(let input, let offset) {
            expect(input == text, "unparseable reports another text")
            expect(offset >= 0 && offset <= text.utf8.count, "offset \(offset) outside \(text.utf8.count) bytes")
            let index = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
            expect(index.samePosition(in: text.unicodeScalars) != nil, "offset \(offset) inside a character")
        } catch {
            expect(false, "unexpected error \(error) parsing \(text.debugDescription)")
        }
    }
    if text.utf8.count < 64 {
        do { _ = try RuleBasedNumberFormatter(.spellOut, locale: locale).parse(text) } catch is FormattingError {} catch {
            expect(false, "unexpected error \(error) spell-out parsing \(text.debugDescription)")
        }
    }
    do { _ = try PluralRules(locale: locale).category(forFormatted: text) } catch is FormattingError {} catch {
        expect(false, "unexpected error \(error) for plural of \(text.debugDescription)")
    }
    return 0
}
