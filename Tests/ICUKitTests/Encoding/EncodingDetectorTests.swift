import Foundation
import ICUKit
import Testing

@Suite("EncodingDetector")
struct EncodingDetectorTests {
    let detector = EncodingDetector()

    @Test("empty and 1-byte inputs")
    func tinyInputs() throws {
        #expect(try detector.detect([UInt8]()).map(\.encoding) == ["UTF-8"])
        #expect(try detector.detect([0x41]).first?.encoding == "UTF-8")
        for byte in 0...255 {
            let guesses = try detector.detect([UInt8(byte)])
            #expect(!guesses.isEmpty, "byte \(byte)")
            for guess in guesses { #expect(guess.confidence >= 0 && guess.confidence <= 1) }
        }
        #expect(try detector.decode([UInt8]()).text == "")
    }

    @Test("byte order marks")
    func boms() throws {
        let utf8 = try detector.detect([0xEF, 0xBB, 0xBF] + Array("héllo".utf8))
        #expect(utf8.first?.encoding == "UTF-8" && utf8.first?.hasByteOrderMark == true)
        let utf16 = try detector.detect([0xFF, 0xFE] + Array("Привет".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        #expect(utf16.first?.encoding == "UTF-16")
        #expect(["ru", "uk", "bg", "be", "mk", "sr"].contains(utf16.first?.language ?? "-"))
        let decoded = try detector.decode([0xFE, 0xFF, 0x04, 0x1F, 0x04, 0x40])
        #expect(decoded.text == "Пр" && decoded.guess.hasByteOrderMark)
        #expect(try detector.decode([0xEF, 0xBB, 0xBF, 0x41]).text == "A")
    }

    @Test("UTF-16 and UTF-32 without a BOM, Latin and CJK")
    func wideWithoutBOM() throws {
        let english = "Hello, world. This is a plain sentence."
        let le = Array(english.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(try detector.detect(le).first?.encoding == "UTF-16LE")
        let japanese = "日本語の文章です。これはテストです。東京都"
        let be = Array(japanese.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(try detector.detect(be).first?.encoding == "UTF-16BE")
        let utf32 = english.unicodeScalars.flatMap { s -> [UInt8] in let v = s.value; return [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), 0, 0] }
        #expect(try detector.detect(utf32).first?.encoding == "UTF-32LE")
    }

    @Test("code pages ucsdet cannot name")
    func legacy() throws {
        let russian = "Съешь же ещё этих мягких французских булок, да выпей чаю. Широкая электрификация южных губерний."
        for name in ["windows-1251", "KOI8-R", "IBM866", "ISO-8859-5"] {
            let bytes = try TextConverter(encodingName: name).encode(russian)
            let best = try detector.detect(bytes).first
            #expect(best?.encoding == name && best?.language == "ru", "\(name): \(String(describing: best))")
        }
        let ukrainian = "Чуєш їх, доцю, га? Кумедна ж ти, прощайся без ґольфів! Їжак ґава єнот"
        #expect(try detector.detect(try TextConverter(encodingName: "KOI8-U").encode(ukrainian)).first?.encoding == "KOI8-U")
        let thai = "ภาษาไทยเป็นภาษาที่มีระดับเสียงของคำแน่นอน"
        #expect(try detector.detect(try TextConverter(encodingName: "windows-874").encode(thai)).first?.encoding == "windows-874")
        let vietnamese = "Tiếng Việt là ngôn ngữ của người Việt và là ngôn ngữ chính thức tại Việt Nam."
        let cp1258 = try TextConverter(encodingName: "windows-1258")
        let vnBytes = try cp1258.encode(vietnamese.decomposedStringWithCanonicalMapping, lossy: true)
        #expect(try detector.detect(vnBytes).first?.encoding == "windows-1258")
        let sjis = try TextConverter(encodingName: "Shift_JIS").encode("今日は良い天気ですね。明日も晴れるでしょう。")
        #expect(try detector.detect(sjis).first?.encoding == "Shift_JIS")
    }

    @Test("allowed list, declared encoding, meta charset, language hint, suggestions")
    func configuration() throws {
        let bytes = try TextConverter(encodingName: "windows-1251").encode("Привет, как дела? Всё хорошо.")
        var allowed = EncodingDetector(allowedEncodings: ["KOI8-R", "ISO-8859-5"])
        let guesses = try allowed.detect(bytes)
        #expect(!guesses.isEmpty && guesses.allSatisfy { ["KOI8-R", "ISO-8859-5"].contains($0.encoding) })
        allowed.allowedEncodings = ["UTF-8"]
        #expect(try allowed.detect(bytes).allSatisfy { $0.encoding == "UTF-8" && $0.isLossy })
        #expect(throws: TextConversionError.self) { try allowed.decode(bytes) }
        allowed.allowsLossyDecoding = true
        let lossy = try allowed.decode(bytes)
        #expect(lossy.usedLossyConversion && lossy.text.contains("\u{FFFD}"))
        #expect(throws: TextConversionError.unknownEncoding("bogus")) { try EncodingDetector(allowedEncodings: ["bogus"]).detect(bytes) }
        // Any ICU converter may be allowed, also those outside the catalogue.
        let ebcdic = try TextConverter(encodingName: "ibm-037").encode("Hello EBCDIC world")
        #expect(try EncodingDetector(allowedEncodings: ["ibm-037"]).decode(ebcdic).text == "Hello EBCDIC world")

        // A declared encoding wins when it decodes plausibly (é: ISO-8859-1 and -15 agree).
        let french = try TextConverter(encodingName: "ISO-8859-15").encode("Le café coûte 5 €, déjà payé.")
        #expect(try EncodingDetector(declaredEncoding: "ISO-8859-15").detect(french).first?.encoding == "ISO-8859-15")
        let html = Array("<html><head><meta charset=\"iso-8859-15\"><title>t</title></head><body>".utf8) + french + Array("</body></html>".utf8)
        #expect(try detector.detect(html).first?.encoding == "ISO-8859-15")

        // An ambiguous short sample: a hint picks between equally valid readings.
        let short = try TextConverter(encodingName: "windows-1251").encode("Шо")
        #expect(try EncodingDetector(languageHint: "ru").detect(short).first?.language == "ru")
        #expect(try EncodingDetector(suggestedEncodings: ["windows-1251"]).detect(short).first?.encoding == "windows-1251")
    }

    @Test("a sample cut inside a character: invalid as a whole input, valid as a prefix")
    func prefix() throws {
        let text = String(repeating: "Grüße aus Köln, naïve café — ", count: 20)
        let cut = Array(Array(text.utf8).dropLast(2))  // drops the final space and the last byte of "—"
        #expect(try detector.detect(cut).first?.encoding != "UTF-8")
        var sampling = EncodingDetector()
        sampling.inputIsPrefix = true
        #expect(try sampling.detect(cut).first?.encoding == "UTF-8")
        let sjis = try TextConverter(encodingName: "Shift_JIS").encode(String(repeating: "日本語の文章です。", count: 30))
        #expect(try sampling.detect(sjis.dropLast()).first?.encoding == "Shift_JIS")
    }

    @Test("ISO-2022 escapes")
    func escapes() throws {
        for (name, text) in [("ISO-2022-JP", "日本語のテキストです"), ("ISO-2022-KR", "한국어 텍스트입니다"), ("ISO-2022-CN", "中文文本")] {
            let bytes = try TextConverter(encodingName: name).encode(text)
            #expect(try detector.detect(bytes).first?.encoding == name)
        }
    }

    @Test("real labelled files: at least 75 of 77 decode to the labelled text (measured 75)")
    func realFiles() throws {
        var right = 0
        for file in DevFile.all {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file.path))
            guard let best = try detector.detect(bytes).first else { continue }
            let label = file.icuName ?? file.label
            let expected = try TextConverter(encodingName: label).decode(bytes)
            let got = try? TextConverter(encodingName: best.encoding).decode(bytes)
            func body(_ s: String?) -> String? { s.map { $0.hasPrefix("\u{FEFF}") ? String($0.dropFirst()) : $0 } }
            if body(got) == body(expected) { right += 1 }
        }
        #expect(right >= 75)
    }
}
