// TransliterateFuzz: arbitrary transliterator IDs and rules (the first byte picks which,
// the rest up to a NUL is the ID or rules, after it the text to transliterate).
//
// ICU 72's rule parser leaks on several error paths (RuleHalf::parse with an unclosed
// segment, TransliteratorIDParser::parseFilterID inside a rule; both reproduced with plain
// C utrans_openU), so leak checking is paused while custom rules are compiled. ICU also
// leaks 272 bytes on refused IDs with unbalanced parentheses: ICUKit refuses those forms
// before ICU sees them (unclosed, nested or stray "(" / ")", kept as regression inputs), and
// leak checking is paused while an ID is opened too, so that a further ICU-internal variant
// does not fail CI; what ICUKit allocates around the open is still checked afterwards.
//
// Properties checked: opening never crashes and fails only with .unknownTransliterator
// (IDs) or .invalidRules / .inputTooLong (rules), whose line and offset lie within the rules;
// an opened transliterator transliterates the text and a sample without throwing (except
// .outputTooLarge, for rules that grow the text past ICUKit's bound, which the result never
// passes), gives the same answer run after run once ICU's rule replacers have settled (see
// below; pooled clones carry no state of their own), and its inverse, if it has one, runs too.
import FuzzSupport
import ICUKit

@_silgen_name("__lsan_disable") func lsanDisable()
@_silgen_name("__lsan_enable") func lsanEnable()

let sample = "Москва 北京 straße Αθήνα ひらがな 한국어 العربية 123"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0, size < 4096 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    let spec = String(decoding: bytes[..<split], as: UTF8.self)
    let text = String(decoding: bytes[min(split + 1, bytes.count)...], as: UTF8.self)
    let useRules = data[0] & 1 == 1
    let transliterator: Transliterator
    do {
        if useRules {
            lsanDisable()
            defer { lsanEnable() }
            transliterator = try Transliterator(rules: spec)
        } else {
            lsanDisable()
            defer { lsanEnable() }
            transliterator = try Transliterator(spec)
        }
    } catch {
        switch error {
        case .unknownTransliterator: expect(!useRules, "rules failed as an unknown ID: \(error)")
        case .invalidRules(_, let line, let offset, _):
            expect(useRules, "an ID failed as rules")
            expect(line.map { $0 >= 1 && $0 <= spec.utf16.count + 1 } ?? true, "line out of range: \(error)")
            expect(offset.map { $0 >= 0 && $0 <= spec.utf16.count } ?? true, "offset out of range: \(error)")
        case .inputTooLong: break
        default: fatalError("unexpected error \(error)")
        }
        return 0
    }
    do {
        let first = try transliterator.transliterate(text)
        // ICU applies the first match of a rule whose output puts the cursor inside plain
        // text with the cursor at the output's start (StringReplacer's first, "complex"
        // pass), and every later match as the rule says; the replacers are shared by every
        // clone. So runs may differ until each rule that matches has been used once: they
        // must settle.
        var previous = first, settled = false
        for _ in 0..<8 {
            let next = try transliterator.transliterate(text)
            if next.utf8.elementsEqual(previous.utf8) { settled = true; break }
            previous = next
        }
        expect(settled, "runs never settle")
        expect(first.utf16.count <= 256 * max(text.utf8.count, 1) + 65_536, "the result passed the growth bound")
        _ = try transliterator.transliterate(sample)
        // The inverse of a grown text may grow it 256 times again: only moderate ones.
        if first.utf16.count <= 1 << 16, let inverse = try? transliterator.inverse() { _ = try inverse.transliterate(first) }
    } catch .outputTooLarge {
        // Rules that insert without consuming: bounded, reported.
    } catch {
        fatalError("transliteration threw \(error)")
    }
    return 0
}
