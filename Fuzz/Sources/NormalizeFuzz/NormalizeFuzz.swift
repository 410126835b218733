// NormalizeFuzz: arbitrary bytes through Normalizer (the first byte picks the form and a
// stream cut, the rest is the text).
//
// Properties checked (a violation calls fatalError, which libFuzzer reports as a crash):
// - invalid UTF-8 throws .invalidUTF8 with the offset firstInvalidOffset reports, in one
//   piece and streamed (streamed: the same offset);
// - valid text: the UTF-8 fast path equals ICU's UTF-16 answer, and so do ICU's UTF-8
//   normalizer and the Swift NFC/NFD path (NormalizationFastTable) over the whole text (normalizeUTF8 / isNormalizedUTF8), normalizing is idempotent,
//   isNormalized agrees with normalizing (and with ICU), the quick check never contradicts it,
//   NFC(NFD(x)) = NFC(x) and NFKC(NFKD(x)) = NFKC(x);
// - streaming with a cut anywhere (and byte by byte for short inputs) equals one pass.
@_spi(Testing) import ICUKit
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let control = data[0]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let forms = Normalizer.Form.allCases
    let normalizer = Normalizer(forms[Int(control) % forms.count])
    let cut = bytes.isEmpty ? 0 : Int(control) * 7 % (bytes.count + 1)

    func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }
    func streamed(_ pieces: [ArraySlice<UInt8>]) throws(TextTransformError) -> String {
        var stream = normalizer.makeStream()
        var output = ""
        for piece in pieces { output += try stream.normalize(piece) }
        return output + (try stream.finish())
    }

    guard let text = String(validating: bytes, as: UTF8.self) else {
        let offset = UTF8Decoding.firstInvalidOffset(in: bytes)!
        do {
            _ = try normalizer.normalize(utf8: bytes)
            fatalError("invalid UTF-8 accepted")
        } catch {
            expect(error == .invalidUTF8(InvalidUTF8Error(byteOffset: offset)), "one piece: \(error), expected offset \(offset)")
        }
        do {
            _ = try streamed([bytes[..<cut], bytes[cut...]])
            fatalError("invalid UTF-8 accepted by the stream")
        } catch {
            expect(error == .invalidUTF8(InvalidUTF8Error(byteOffset: offset)), "streamed: \(error), expected offset \(offset)")
        }
        return 0
    }
    do {
        let result = try normalizer.normalize(text)
        let icu = try normalizer.normalizeThroughICU(text)
        expect(same(result, icu), "fast path differs from ICU")
        let icuUTF8 = try normalizer.normalizeThroughICUUTF8(text)
        expect(same(icuUTF8, icu), "ICU's UTF-8 normalizer differs from its UTF-16 one")
        let swiftPath = try normalizer.normalizeThroughFastPath(text).text
        expect(same(swiftPath, icu), "the Swift NFC/NFD path over the whole text differs from ICU")
        let again = try normalizer.normalize(result)
        expect(same(again, result), "not idempotent")
        let normalized = try normalizer.isNormalized(text)
        expect(normalized == same(result, text), "isNormalized disagrees with normalize")
        let icuNormalized = try normalizer.isNormalizedThroughICU(text)
        expect(normalized == icuNormalized, "isNormalized differs from ICU")
        let icuUTF8Normalized = try normalizer.isNormalizedThroughICUUTF8(text)
        expect(icuUTF8Normalized == icuNormalized, "ICU's isNormalizedUTF8 differs from its UTF-16 isNormalized")
        let resultNormalized = try normalizer.isNormalized(result)
        expect(resultNormalized, "the result is not normalized")
        switch try normalizer.quickCheck(text) {
        case .yes: expect(normalized, "quick check yes, but not normalized")
        case .no: expect(!normalized, "quick check no, but normalized")
        case .maybe: break
        }
        if normalizer.form == .nfc {
            let composed = try Normalizer.nfc.normalize(Normalizer.nfd.normalize(text))
            expect(same(composed, result), "NFC(NFD(x)) != NFC(x)")
        } else if normalizer.form == .nfkc {
            let composed = try Normalizer.nfkc.normalize(Normalizer.nfkd.normalize(text))
            expect(same(composed, result), "NFKC(NFKD(x)) != NFKC(x)")
        }
        let cutStream = try streamed([bytes[..<cut], bytes[cut...]])
        expect(same(cutStream, result), "stream cut at \(cut) differs")
        if bytes.count <= 64 {
            let byteStream = try streamed(bytes.indices.map { bytes[$0...$0] })
            expect(same(byteStream, result), "byte-by-byte stream differs")
        }
    } catch {
        fatalError("valid text threw \(error)")
    }
    return 0
}
