import ICUKit

extension TourCommand {
    /// The encoding section of `icukit tour`: the same sentence in several legacy code
    /// pages, detected and decoded, plus a strict-decoding error with its offset.
    func encodingTour() throws {
        CLI.print("\n== Encodings: icukit detect FILE… [--format json], icukit convert [--from ENC|auto] [--to ENC] ==\n")
        let samples: [(String, String)] = [
            ("Съешь же ещё этих мягких французских булок", "KOI8-R"),
            ("Чуєш їх, доцю, га? Кумедна ж ти, прощайся без ґольфів", "KOI8-U"),
            ("Съешь же ещё этих мягких французских булок", "IBM866"),
            ("Ζαφείρι δέξου πάγκαλο, βαθών ψυχής τό σημάδι", "ISO-8859-7"),
            ("ภาษาไทยเป็นภาษาที่มีระดับเสียง", "windows-874"),
            ("Żółć gęślą jaźń, zażółć", "windows-1250"),
            ("日本語の文章を判定します", "Shift_JIS"),
            ("한국어 문장입니다", "EUC-KR"),
        ]
        let detector = EncodingDetector()
        func pad(_ s: String) -> String { s + String(repeating: " ", count: max(0, 13 - s.count)) }
        for (text, encoding) in samples {
            let bytes = try TextConverter(encodingName: encoding).encode(text)
            let result = try detector.decode(bytes)
            let guess = result.guess
            CLI.print("  \(pad(encoding)) -> \(pad(guess.encoding)) \(guess.language ?? "-") (\(guess.confidence)): \(result.text)")
        }
        do {
            _ = try TextConverter(encodingName: "Shift_JIS").decode([0x93, 0xFA, 0x96, 0x7B, 0x82])
        } catch {
            CLI.print("  strict decoding: \(error)")
        }
    }
}
