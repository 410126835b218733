// UnicodeSetFuzz: arbitrary UnicodeSet patterns (up to a NUL) and a text to test against.
//
// Properties checked: a pattern is accepted or fails with .invalidSetPattern only; for an
// accepted set, span(in:) is a prefix made of member scalars followed by a non-member (or
// the end), span(containing: false) likewise with non-members, containsAll agrees with
// the span reaching the end, and the count is not negative.
import FuzzSupport
import ICUKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size < 4096 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    let pattern = String(decoding: bytes[..<split], as: UTF8.self)
    let text = String(decoding: bytes[min(split + 1, bytes.count)...], as: UTF8.self)
    let set: UnicodeSet
    do {
        set = try UnicodeSet(pattern: pattern)
    } catch {
        guard case .invalidSetPattern = error else { fatalError("unexpected error \(error)") }
        return 0
    }
    expect(set.count >= 0, "negative count")
    let hasStrings = pattern.contains("{")  // string elements make spans differ from scalar membership
    let end = set.span(in: text)
    if !hasStrings {
        expect(text[..<end].unicodeScalars.allSatisfy(set.contains), "span contains a non-member")
        if end < text.endIndex { expect(!set.contains(text[end...].unicodeScalars.first!), "span stopped at a member") }
        let other = set.span(in: text, containing: false)
        expect(!text[..<other].unicodeScalars.contains(where: set.contains), "negative span contains a member")
    }
    expect(set.containsAll(of: text) == (end == text.endIndex), "containsAll disagrees with span")
    return 0
}
