// LanguageFuzz: arbitrary bytes through LanguageRecognizer.
//
// The first byte picks a configuration (plain, constrained, hinted). Properties checked:
// - strict UTF-8 bytes either recognize or throw invalidUTF8 at an offset inside the input
//   where the bytes really stop being valid UTF-8; lossy never throws;
// - hypotheses are ranked, each probability in 0…1, summing to at most 1;
// - a constrained recognizer only answers with its constraints;
// - language runs cover the (lossy) text without gaps, in order.
import FuzzSupport
import ICUKit

let recognizers: [LanguageRecognizer] = [
    LanguageRecognizer(),
    try! LanguageRecognizer(languageConstraints: ["en", "fr", "de"]),
    try! LanguageRecognizer(languageHints: ["nb": 0.7, "da": 0.2], languageConstraints: ["nb", "da", "sv", "ru"]),
    try! LanguageRecognizer(languageHints: ["zh": 0.5, "ja": 0.5]),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let recognizer = recognizers[Int(data[0]) % recognizers.count]
    let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
    let allowed = Set(recognizer.languageConstraints)
    do {
        let hypotheses = try recognizer.hypotheses(forUTF8: bytes, maximum: 1 + Int(data[0] >> 4))
        var total = 0.0
        for (position, h) in hypotheses.enumerated() {
            expect(h.probability >= 0 && h.probability <= 1, "probability \(h.probability)")
            expect(position == 0 || hypotheses[position - 1].probability >= h.probability, "not ranked")
            expect(allowed.isEmpty || allowed.contains(h.language), "\(h.language) outside the constraints")
            total += h.probability
        }
        expect(total <= 1.000001, "probabilities sum to \(total)")
    } catch LanguageRecognitionError.invalidUTF8(let error) {
        expect(error.byteOffset >= 0 && error.byteOffset < bytes.count, "offset \(error.byteOffset) outside \(bytes.count)")
        expect(String(validating: bytes[..<error.byteOffset], as: UTF8.self) != nil, "bytes before \(error.byteOffset) are invalid")
    } catch {
        fatalError("unexpected \(error)")
    }
    let text = String(decoding: bytes, as: UTF8.self)
    do {
        _ = try recognizer.dominantLanguage(ofUTF8: bytes, lossy: true)
    } catch {
        fatalError("lossy threw \(error)")
    }
    let runs = recognizer.languageRuns(in: text)
    var end = 0
    for run in runs {
        expect(run.utf8Offsets.lowerBound == end && run.utf8Offsets.upperBound > end, "gap or empty run at \(end)")
        expect(run.language == nil || allowed.isEmpty || allowed.contains(run.language!), "run outside the constraints")
        end = run.utf8Offsets.upperBound
    }
    expect(end == text.utf8.count, "runs end at \(end), text at \(text.utf8.count)")
    return 0
}
