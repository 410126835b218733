// SearchFuzz: an arbitrary pattern and text (lossy UTF-8, split at the first 0xFF byte),
// with options and locale chosen by the first byte, through StringSearcher.
//
// Properties checked (a violation calls fatalError, which libFuzzer reports as a crash):
// - every range lies within the text, is non-empty, and ranges are in order without
//   overlapping; utf8Ranges agree with ranges;
// - firstRange is the first of ranges (the last with .backwards); anchored, ranges is
//   exactly firstRange, which starts at the start (ends at the end with .backwards);
// - searching a Substring gives ranges of the base string inside the slice.
import FuzzSupport
import ICUKit

let locales = ["", "tr", "de", "ja", "th", "ar"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let control = data[0]
    let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
    let cut = bytes.firstIndex(of: 0xFF) ?? min(bytes.count, 4)
    let pattern = String(decoding: bytes[..<cut], as: UTF8.self)
    let text = String(decoding: bytes[min(cut + 1, bytes.count)...], as: UTF8.self)
    let options = StringSearcher.Options(rawValue: Int(control & 0x0F))
    let locale = try! LocaleID(locales[Int(control >> 4) % locales.count])
    let searcher: StringSearcher
    do { searcher = try StringSearcher(pattern, options: options, locale: locale) } catch { fatalError("\(error)") }

    let ranges = searcher.ranges(in: text)
    var previous = text.startIndex
    for range in ranges {
        expect(range.lowerBound >= previous && range.upperBound <= text.endIndex, "range out of order or bounds")
        expect(!range.isEmpty, "empty match")
        previous = range.upperBound
    }
    let utf8 = searcher.utf8Ranges(in: text)
    expect(utf8.count == ranges.count, "utf8Ranges count differs")
    for (offsets, range) in zip(utf8, ranges) {
        expect(text.utf8.distance(from: text.startIndex, to: range.lowerBound) == offsets.lowerBound, "utf8Ranges disagree")
    }
    let first = searcher.firstRange(in: text)
    if options.contains(.anchored) {
        // One answer: ranges(in:) looks from the same anchor as firstRange.
        expect(ranges == (first.map { [$0] } ?? []), "anchored ranges \(ranges) differ from firstRange \(String(describing: first))")
    }
    if let first {
        if options.contains(.anchored) {
            expect(options.contains(.backwards) ? first.upperBound == text.endIndex : first.lowerBound == text.startIndex, "anchored match not anchored")
        } else {
            expect(ranges.contains(first) || !ranges.isEmpty, "firstRange \(first) not among ranges")
        }
    }
    if text.unicodeScalars.count > 2 {
        let scalars = text.unicodeScalars
        let slice = text[scalars.index(after: text.startIndex)..<scalars.index(before: text.endIndex)]
        for range in searcher.ranges(in: slice) {
            expect(range.lowerBound >= slice.startIndex && range.upperBound <= slice.endIndex, "slice match outside the slice")
        }
    }
    return 0
}
