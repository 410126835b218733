// LocaleMatchFuzz: arbitrary tags and Accept-Language headers through LocaleMatcher.
//
// Input (lossy UTF-8, at most 1,000 bytes): the first byte picks the options (favor,
// demotion, direction, default, threshold); the rest is split at newlines into the
// available tags (comma-separated), the preferred tags (comma-separated), an
// Accept-Language header, and a default locale.
//
// Checked (a violation calls fatalError, which libFuzzer reports as a crash):
// - AcceptLanguage(_:) parses, or throws .invalidAcceptLanguage with this header and a
//   byte offset inside it; parsed weights are 1…1000, in descending order;
// - LocaleMatcher(available:options:) builds or throws .malformed naming one of the tags;
// - match(_:) and match(acceptLanguage:) return a consistent answer: a matched locale is
//   the available one at its index, the preferred index is in range, the distance is
//   0 (an exact match) or below the threshold; otherwise the default; asking twice gives the same answer.
import FuzzSupport
import ICUKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let selector = data[0]
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: min(size - 1, 1000)), as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
    func part(_ i: Int) -> String { i < parts.count ? parts[i] : "" }
    let available = part(0).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    let preferred = part(1).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    let header = part(2)

    var options = LocaleMatcher.Options()
    options.favor = selector & 1 == 0 ? .language : .script
    options.demotion = selector & 2 == 0 ? .region : .none
    options.direction = selector & 4 == 0 ? .withOneWay : .onlyTwoWay
    switch (selector >> 3) & 3 {
    case 0: options.defaultLocale = .firstAvailable
    case 1: options.defaultLocale = .none
    default: options.defaultLocale = .locale(part(3))
    }
    if selector & 0x20 != 0 { options.threshold = Int(selector >> 6) * 33 }

    // The header alone.
    var parsed: AcceptLanguage?
    do {
        let result = try AcceptLanguage(header)
        expect(result.ranges.allSatisfy { (1...1000).contains($0.quality) }, "weights of \(header.debugDescription)")
        expect(zip(result.ranges, result.ranges.dropFirst()).allSatisfy { $0.quality >= $1.quality }, "order of \(header.debugDescription)")
        parsed = result
    } catch {
        guard case .invalidAcceptLanguage(let echoed, let offset) = error else { fatalError("AcceptLanguage threw \(error)") }
        expect(echoed == header && (0...header.utf8.count).contains(offset), "offset \(offset) in \(header.debugDescription)")
    }

    let matcher: LocaleMatcher
    do {
        matcher = try LocaleMatcher(available: available, options: options)
    } catch {
        switch error {
        case .malformed(let tag):
            expect(available.contains(tag) || options.defaultLocale == .locale(tag), "malformed \(tag.debugDescription) is not an input")
        default: fatalError("LocaleMatcher(available:) threw \(error)")
        }
        return 0
    }
    let threshold = Double(options.threshold ?? 50)

    func check(_ match: LocaleMatcher.Match, _ count: Int, _ what: String) {
        if let index = match.availableIndex {
            expect(available.indices.contains(index) && match.locale == available[index], "\(what): locale and index disagree")
            expect(match.preferredIndex.map { (0..<count).contains($0) } ?? false, "\(what): preferred index")
            // As in ICU, an exact maximized match (distance 0) is taken whatever the threshold.
            expect(match.distance.map { $0 == 0 || ($0 > 0 && $0 < threshold) } ?? false, "\(what): distance \(String(describing: match.distance))")
        } else {
            expect(match.preferredIndex == nil && match.distance == nil, "\(what): fallback with an index")
            switch options.defaultLocale {
            case .firstAvailable: expect(match.locale == available.first, "\(what): default is not the first")
            case .none: expect(match.locale == nil, "\(what): a default with .none")
            case .locale(let tag): expect(match.locale == tag, "\(what): default is not \(tag)")
            }
        }
    }

    do {
        let first = try matcher.match(preferred)
        check(first, preferred.count, "match(\(preferred))")
        let second = try matcher.match(preferred)
        expect(second == first, "match(\(preferred)) is not deterministic")
    } catch {
        guard case .malformed(let tag) = error, preferred.contains(tag) else { fatalError("match threw \(error)") }
    }
    do {
        let match = try matcher.match(acceptLanguage: header)
        expect(parsed != nil, "match(acceptLanguage:) accepted what AcceptLanguage refused")
        check(match, parsed?.ranges.count ?? 0, "match(acceptLanguage: \(header.debugDescription))")
        if let parsed { expect(matcher.match(parsed) == match, "header parsed twice differs") }
    } catch {
        expect(parsed == nil, "match(acceptLanguage:) refused what AcceptLanguage accepted: \(error)")
    }
    if let a = available.first, let p = preferred.first { _ = try? matcher.distance(desired: p, supported: a) }
    return 0
}
