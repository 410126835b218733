// LocaleFuzz: arbitrary strings (lossy UTF-8, at most 200 bytes) as locale identifiers.
//
// Checked (a violation calls fatalError, which libFuzzer reports as a crash):
// - LocaleID(_:) either throws LocaleError.malformed or gives an identifier whose every
//   property can be read; its language subtag is well formed;
// - re-parsing its `bcp47` and its `identifier` does not crash; its locale data
//   (names, quotes, measurement system, first weekday 1…7, currency) and matching work;
// - a word, sentence and line Segmenter opens for it and segments a short sample into
//   well-formed boundaries.
// Noted, not fatal (printed to stderr, at most a few times per run), unless
// ICUKIT_FUZZ_STRICT=1 is set: a `bcp47` or `identifier` that does not parse back to the
// same identifier, a baseName that is not a prefix of the identifier, a Segmenter that
// cannot be opened.
import FuzzSupport
import ICUKit

#if canImport(Glibc)
import Glibc
#endif

private let strict: Bool = getenv("ICUKIT_FUZZ_STRICT").map { String(cString: $0) == "1" } ?? false
private let sample = "Mr. Smith said \"hello, world\" 3.14 times. สวัสดีครับ ทุกคน 日本語のテキストです。\r\nNext 👩‍👩‍👧 line!"
private let sampleUTF8 = Array(sample.utf8)

/// How many notes of each kind were seen, and the kinds in first-seen order (the harness
/// runs on one thread). The first few of each kind are printed; the counts at exit.
nonisolated(unsafe) private var noteCounts: [String: Int] = [:]
nonisolated(unsafe) private var noteKinds: [String] = []

private func printError(_ text: String) {
    let line = Array(text.utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

private func note(_ kind: String, _ message: @autoclosure () -> String) {
    if strict { fatalError("LocaleFuzz: \(kind): \(message())") }
    if noteCounts[kind] == nil {
        noteKinds.append(kind)
        if noteKinds.count == 1 {
            atexit {
                for kind in noteKinds { printError("LocaleFuzz: notes: \(noteCounts[kind] ?? 0) x \(kind)\n") }
            }
        }
    }
    let count = noteCounts[kind, default: 0] + 1
    noteCounts[kind] = count
    if count <= 3 { printError("LocaleFuzz: note: \(kind): \(message())\n") }
}

private func isWellFormedLanguage(_ language: String) -> Bool {
    let count = language.utf8.count
    return (count == 0 || (2...3).contains(count) || (5...8).contains(count))
        && language.utf8.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
}

private func exercise(_ id: LocaleID, _ input: String) {
    let identifier = id.identifier
    let bcp47 = id.bcp47
    let language = id.language
    _ = id.script
    _ = id.region
    _ = id.variant
    let baseName = id.baseName
    _ = id.isKnown
    _ = id.keywordValue("collation")
    _ = id.keywordValue("calendar")
    _ = id.keywordValue("")
    _ = id.description
    // Locale data and matching (issue 8): never crash, whatever the identifier.
    _ = id.keywords
    _ = id.unicodeKeywords
    _ = id.maximized.minimized
    _ = id.displayName(in: id)
    _ = try? id.displayName(in: id, context: .beginningOfSentence, dialectNames: true)
    _ = id.displayLanguage()
    _ = id.displayRegion()
    _ = id.quotationMarks
    _ = id.measurementSystem
    _ = id.paperSize
    expect((1...7).contains(id.firstWeekday), "first weekday of \"\(identifier)\"")
    _ = id.characterOrientation
    if let code = id.currencyCode { _ = try? id.currencyName(code) }
    _ = (try? LocaleMatcher(available: [id, .root]))?.bestMatch(for: [id])
    expect(isWellFormedLanguage(language), "language \"\(language)\" of \"\(identifier)\" (from \(input.debugDescription))")
    expect(!bcp47.isEmpty, "empty bcp47 for \"\(identifier)\"")
    if !identifier.hasPrefix(baseName) {
        note("baseName not a prefix", "baseName \"\(baseName)\" is not a prefix of \"\(identifier)\" (from \(input.debugDescription))")
    }

    do {
        let again = try LocaleID(bcp47)
        if again.identifier != identifier {
            note("bcp47 round trip differs", "\(input.debugDescription) -> \"\(identifier)\" -> \"\(bcp47)\" -> \"\(again.identifier)\"")
        }
    } catch {
        note("bcp47 does not parse", "bcp47 \"\(bcp47)\" of \"\(identifier)\" does not parse: \(error) (from \(input.debugDescription))")
    }
    do {
        let again = try LocaleID(identifier)
        if again.identifier != identifier {
            note("identifier round trip differs", "\(input.debugDescription) -> \"\(identifier)\" -> \"\(again.identifier)\"")
        }
    } catch {
        note("identifier does not parse", "identifier \"\(identifier)\" does not parse: \(error) (from \(input.debugDescription))")
    }

    for unit in [Segmenter.Unit.word, .sentence, .line] {
        let segmenter: Segmenter
        do {
            segmenter = try Segmenter(unit, locale: id)
        } catch {
            note("Segmenter cannot open", "Segmenter(.\(unit), locale: \"\(identifier)\") threw \(error)")
            continue
        }
        _ = segmenter.actualLocale
        let offsets = segmenter.boundaryOffsets(of: sample)
        expect(offsets.first == 0 && offsets.last == sampleUTF8.count, "\(unit) in \"\(identifier)\": \(offsets)")
        for i in offsets.indices.dropFirst() {
            expect(offsets[i] > offsets[i - 1], "\(unit) in \"\(identifier)\": not increasing: \(offsets)")
            expect(offsets[i] == sampleUTF8.count || sampleUTF8[offsets[i]] & 0xC0 != 0x80,
                         "\(unit) in \"\(identifier)\": \(offsets[i]) splits a scalar")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = String(decoding: UnsafeBufferPointer(start: data, count: min(size, 200)), as: UTF8.self)
    do {
        let id = try LocaleID(input)
        exercise(id, input)
    } catch {
        switch error {
        case .malformed: break
        default: fatalError("LocaleID(_:) threw \(error) for \(input.debugDescription)")
        }
    }
    // A strict Segmenter accepts only locales ICU knows.
    do {
        let segmenter = try Segmenter(.word, locale: LocaleID(input), strict: true)
        expect(segmenter.locale.isKnown, "strict Segmenter accepted unknown \(input.debugDescription)")
    } catch {}
    return 0
}

