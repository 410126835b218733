// CollationFuzz: two arbitrary strings (lossy UTF-8, split at the first 0xFF byte) through
// collators chosen by the first byte.
//
// Properties checked (a violation calls fatalError, which libFuzzer reports as a crash):
// - compare(a, b) agrees with sortKey(a) <=> sortKey(b), for plain and standard collators;
// - compare is antisymmetric, and reflexive (compare(a, a) == .equal);
// - a Substring compares and keys like its String copy;
// - sorted([a, b, a]) is in order.
import FuzzSupport
import ICUKit

let collators: [Collator] = {
    var all: [Collator] = []
    for locale: LocaleID in ["", "da", "de-u-co-phonebk", "sv", "ja", "zh", "zh-u-co-stroke", "th", "tr", "ar", "fr-CA"] {
        all.append(try! Collator(locale: locale))
    }
    all.append(try! Collator(options: .init(strength: .primary)))
    all.append(try! Collator(options: .init(strength: .identical, numeric: true, caseFirst: .upper, alternate: .shifted, normalization: true)))
    all.append(try! Collator(options: .init(strength: .quaternary, caseLevel: true, backwardsSecondary: true, reorder: ["Grek", "digit"])))
    all.append(try! Collator.standard(locale: "en"))
    return all
}()

func order(_ a: SortKey, _ b: SortKey) -> Collator.Order { a < b ? .ascending : (b < a ? .descending : .equal) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
    let cut = bytes.firstIndex(of: 0xFF) ?? bytes.count / 2
    let a = String(decoding: bytes[..<cut], as: UTF8.self)
    let b = String(decoding: bytes[min(cut + 1, bytes.count)...], as: UTF8.self)
    let collator = collators[Int(data[0]) % collators.count]

    let ab = collator.compare(a, b)
    expect(ab.rawValue == -collator.compare(b, a).rawValue, "compare is not antisymmetric")
    expect(collator.compare(a, a) == .equal, "compare(a, a) != .equal")
    let keyA = collator.sortKey(for: a), keyB = collator.sortKey(for: b)
    expect(order(keyA, keyB) == ab, "sort keys order \(order(keyA, keyB)) but compare says \(ab)")
    if a.count > 2 {
        let slice = a.dropFirst().dropLast()
        expect(collator.compare(slice, b) == collator.compare(String(slice), b), "Substring compares differently")
        expect(collator.sortKey(for: slice) == collator.sortKey(for: String(slice)), "Substring keys differently")
    }
    let sorted = collator.sorted([a, b, a])
    expect(collator.compare(sorted[0], sorted[1]) != .descending && collator.compare(sorted[1], sorted[2]) != .descending, "sorted out of order")
    return 0
}
