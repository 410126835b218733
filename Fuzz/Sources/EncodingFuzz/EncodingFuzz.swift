// EncodingFuzz: arbitrary bytes through EncodingDetector.detect/decode and TextConverter.decode.
//
// The first byte picks a converter (from a fixed list covering every family: UTF-8/16/32,
// single-byte, EUC, Shift_JIS, GB18030, Big5, ISO-2022, HZ) and options; the rest is the input.
// Properties checked (a violation calls fatalError, which libFuzzer reports as a crash):
// - detect never throws with the default configuration and returns at least one guess for
//   non-empty input, confidences in 0…1, the best guess is a name TextConverter accepts;
// - decode(lossy: true) never throws; strict decode either succeeds with the same text as
//   lossy decoding (and usedLossy false) or throws invalidBytes with an offset inside the input;
// - streaming in two chunks gives the same result as decoding at once (or the same error offset;
//   for BOCU-1 and SCSU, an offset at most 4 bytes later: see the note at the check);
// - EncodingDetector.decode with lossy acceptable never throws;
// - DirectTranscoder (ucnv_convertEx, `icukit convert`), input in two chunks, gives the
//   streaming decoder's and encoder's bytes, or fails where they fail, and the failed chunk
//   after the bytes the converter held fails in them too (the CLI's error message).
import FuzzSupport
@_spi(Internals) import ICUKit

let names = ["UTF-8", "UTF-16LE", "UTF-16BE", "UTF-32", "windows-1251", "windows-1252", "KOI8-U", "IBM866",
             "windows-874", "windows-1258", "EUC-JP", "Shift_JIS", "GB18030", "Big5", "EUC-KR",
             "ISO-2022-JP", "ISO-2022-KR", "ISO-2022-CN", "HZ-GB-2312", "UTF-7", "SCSU", "BOCU-1"]
let converters = names.map { try! TextConverter(encodingName: $0) }
let targets = ["UTF-8", "UTF-16", "UTF-32LE", "Shift_JIS", "windows-1251", "GB18030", "EUC-KR", "US-ASCII"].map { try! TextConverter(encodingName: $0) }

/// Decodes and encodes `chunks` with the streaming converters: the bytes, or nil on an error.
func streaming(_ chunks: [ArraySlice<UInt8>], _ from: TextConverter, _ to: TextConverter) -> [UInt8]? {
    let decoder = from.makeDecoder(), encoder = to.makeEncoder()
    var out: [UInt8] = []
    for (index, chunk) in chunks.enumerated() {
        let last = index == chunks.count - 1
        guard let units = try? decoder.decodeUTF16(chunk, isFinal: last),
              let bytes = try? encoder.encode(utf16: units, isFinal: last) else { return nil }
        out += bytes
    }
    return out
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let selector = Int(data[0])
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let converter = converters[selector % converters.count]

    let guesses: [EncodingGuess]
    do { guesses = try EncodingDetector().detect(bytes) } catch { fatalError("detect threw \(error)") }
    expect(!guesses.isEmpty, "no guess")
    for guess in guesses { expect(guess.confidence >= 0 && guess.confidence <= 1, "confidence \(guess.confidence)") }
    do { _ = try TextConverter(encodingName: guesses[0].encoding) } catch { fatalError("best guess \(guesses[0].encoding) is not a converter") }

    var lossyDetector = EncodingDetector()
    lossyDetector.allowsLossyDecoding = true
    lossyDetector.languageHint = selector & 1 == 0 ? "ru" : "ja"
    if selector & 2 != 0 { lossyDetector.allowedEncodings = [names[(selector >> 2) % names.count], "UTF-8"] }
    do { _ = try lossyDetector.decode(bytes) } catch { fatalError("lossy detector decode threw \(error)") }

    let lossy: String
    do { lossy = try converter.decode(bytes, lossy: true) } catch { fatalError("lossy decode threw \(error)") }
    var strictOffset: Int? = nil
    do {
        let (text, used) = try converter.decodeReportingLoss(bytes, lossy: false)
        expect(text == lossy, "\(converter.name): strict and lossy decodings differ on valid input")
        expect(!used, "strict decoding reports loss")
    } catch TextConversionError.invalidBytes(let offset, let length) {
        expect(offset >= 0 && offset < max(1, bytes.count) && length >= 1, "\(converter.name): offset \(offset) length \(length) of \(bytes.count)")
        strictOffset = offset
    } catch {
        fatalError("untyped or unexpected error \(error)")
    }

    let cut = bytes.isEmpty ? 0 : Int(selector) % (bytes.count + 1)
    let decoder = converter.makeDecoder()
    do {
        let text = try decoder.decode(bytes[..<cut]) + decoder.decode(bytes[cut...], isFinal: true)
        expect(strictOffset == nil, "\(converter.name): streaming accepted what whole decoding rejected at \(strictOffset!)")
        expect(text == lossy, "\(converter.name): streaming at \(cut) differs")
    } catch TextConversionError.invalidBytes(let offset, _) {
        if ["BOCU-1", "SCSU"].contains(converter.name), let whole = strictOffset {
            // ICU's stateful compression converters report a shorter invalid sequence when
            // it straddles two calls: the stream names a later byte of the same sequence.
            expect(offset >= whole && offset <= whole + 4, "\(converter.name): streaming error at \(offset), whole at \(whole) (cut \(cut))")
        } else {
            expect(strictOffset == offset, "\(converter.name): streaming error at \(offset), whole at \(String(describing: strictOffset)) (cut \(cut))")
        }
    } catch {
        fatalError("streaming threw \(error)")
    }
    let target = targets[(selector / converters.count) % targets.count]
    if let direct = DirectTranscoder(from: converter, to: target) {
        let cut = bytes.isEmpty ? 0 : (selector * 7919) % (bytes.count + 1)
        let chunks = [bytes[..<cut], bytes[cut...]]
        let expected = streaming(chunks, converter, target)
        var out: [UInt8] = [], carried: [UInt8] = [], failed = false
        for (index, chunk) in chunks.enumerated() {
            if !chunk.withUnsafeBufferPointer({ direct.convert($0, isFinal: index == 1) }) {
                failed = true
                expect(streaming([ArraySlice(carried + chunk)], converter, target) == nil,
                       "\(converter.name) → \(target.name): the failed chunk converts when run again")
                break
            }
            out += Array(direct.output)
            carried = direct.pendingBytes
        }
        expect(failed == (expected == nil), "\(converter.name) → \(target.name): direct failed \(failed), streaming \(expected == nil)")
        if !failed { expect(out == expected, "\(converter.name) → \(target.name): different bytes") }
    }
    return 0
}
