/// One candidate encoding for some bytes, as ``EncodingDetector`` ranks them.
///
/// ```swift
/// let best = try EncodingDetector().detect(bytes).first!
/// print(best.encoding, best.confidence, best.language ?? "-")   // windows-1251 0.99 ru
/// ```
public struct EncodingGuess: Sendable, Hashable {
    /// The encoding's name as ICU spells its MIME or IANA name (`windows-1251`, `Shift_JIS`,
    /// `UTF-16LE`); pass it to ``TextConverter/init(encodingName:)``.
    public let encoding: String
    /// How likely this decoding is the right text, 0…1. Candidates that decode the input
    /// to the same text share one probability (each reports the total).
    public let confidence: Double
    /// The language whose character statistics fit the decoded text best (BCP 47, such
    /// as `ru`, `zh-Hant`), when the text has non-ASCII characters.
    public let language: String?
    /// Whether the input starts with this encoding's byte order mark.
    public let hasByteOrderMark: Bool
    /// Whether decoding needs U+FFFD replacements (only ranked when nothing decodes cleanly
    /// or ``EncodingDetector/allowsLossyDecoding`` is set).
    public let isLossy: Bool
}

/// The text an ``EncodingDetector`` decoded, with the encoding it chose.
public struct DetectedText: Sendable, Hashable {
    /// The decoded text (a byte order mark is not part of it).
    public let text: String
    /// The best guess, whose encoding decoded `text`.
    public let guess: EncodingGuess
    /// Whether some bytes were replaced with U+FFFD.
    public let usedLossyConversion: Bool
}

/// Finds the character encoding of bytes that arrive without a reliable label, and
/// decodes them: Apple's `stringEncoding(for:encodingOptions:convertedString:usedLossyConversion:)`
/// for Linux, and more.
///
/// The detector checks byte order marks, validates UTF-8 strictly (valid multi-byte UTF-8
/// is almost never an accident), recognises UTF-16/32 without a BOM, honours a declared
/// encoding (given, or found in `<meta charset>` / `<?xml encoding?>`), and scores every
/// candidate ICU converter (including those `ucsdet` cannot name: IBM866, KOI8-U,
/// windows-874, windows-1258, Mac code pages…) by whether it decodes the bytes and by how
/// natural the decoded characters are for some language (per-language character and
/// character-class statistics, in the package).
///
/// ```swift
/// var detector = EncodingDetector()
/// detector.languageHint = "ru"
/// let guesses = try detector.detect(bytes)            // ranked, best first
/// let result = try detector.decode(bytes)             // best encoding + text
/// print(result.guess.encoding, result.text)
/// ```
/// Configuration is a plain `Sendable` value; detection is thread-safe.
public struct EncodingDetector: Sendable, Hashable {
    /// Encodings to favour when the evidence is close (like Apple's suggested encodings).
    public var suggestedEncodings: [String] = []
    /// When set, only these encodings are considered (any ICU converter name or alias).
    public var allowedEncodings: [String]? = nil
    /// Whether a decoding that needs U+FFFD replacements is acceptable (ranked with a
    /// penalty per replacement). Otherwise such candidates rank only when nothing decodes.
    public var allowsLossyDecoding = false
    /// An encoding declared by the transport (an HTTP `Content-Type` charset, say). It wins
    /// whenever it decodes the bytes plausibly.
    public var declaredEncoding: String? = nil
    /// Whether to look for a declaration in the bytes themselves (`<meta charset>`,
    /// `http-equiv` content type, `<?xml … encoding?>`) when none is given.
    public var findsDeclaredEncoding = true
    /// Whether the bytes are only the start of a longer input (a sample of a large file):
    /// a character cut off at the end then counts as valid.
    public var inputIsPrefix = false
    /// A language the text is probably in (BCP 47: `ru`, `ja`, `zh-Hant`…), favoured
    /// when the evidence is close.
    public var languageHint: String? = nil

    /// A detector with the default configuration: every candidate, strict decoding.
    ///
    /// ```swift
    /// let detector = EncodingDetector(allowedEncodings: ["UTF-8", "windows-1252"])
    /// ```
    public init(
        suggestedEncodings: [String] = [], allowedEncodings: [String]? = nil, allowsLossyDecoding: Bool = false,
        declaredEncoding: String? = nil, findsDeclaredEncoding: Bool = true, languageHint: String? = nil
    ) {
        self.suggestedEncodings = suggestedEncodings
        self.allowedEncodings = allowedEncodings
        self.allowsLossyDecoding = allowsLossyDecoding
        self.declaredEncoding = declaredEncoding
        self.findsDeclaredEncoding = findsDeclaredEncoding
        self.languageHint = languageHint
    }

    /// Ranks the candidate encodings of `bytes`, best first.
    ///
    /// Empty input gives one guess, UTF-8. The list holds every candidate that decodes the
    /// bytes (and, when none does, the least damaging lossy ones).
    ///
    /// ```swift
    /// let bytes: [UInt8] = [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2, 0x2C, 0x20, 0xEC, 0xE8, 0xF0]
    /// try EncodingDetector().detect(bytes).first?.encoding   // "windows-1251"
    /// ```
    /// - Throws: ``TextConversionError/unknownEncoding(_:)`` when a configured name
    ///   (allowed, suggested, declared) is not an ICU converter.
    ///
    /// ICU's own detector is `ucsdet_detectAll`; this one uses `ucnv_toUnicode` per candidate.
    public func detect<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(TextConversionError) -> [EncodingGuess] {
        let array = bytes as? [UInt8] ?? Array(bytes)
        let engine = try DetectionEngine(configuration: self)
        return array.withUnsafeBufferPointer { engine.detect($0) }
    }

    /// Detects the encoding of `bytes` and decodes them with the best candidate.
    ///
    /// ```swift
    /// let result = try EncodingDetector().decode(Array("naïve".utf8))
    /// result.text                 // "naïve"
    /// result.guess.encoding       // "UTF-8"
    /// result.usedLossyConversion  // false
    /// ```
    /// - Throws: ``TextConversionError/undecodable(encoding:byteOffset:)`` when nothing
    ///   decodes cleanly and ``allowsLossyDecoding`` is `false`.
    ///
    /// The corresponding C function is `ucnv_toUnicode`.
    public func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(TextConversionError) -> DetectedText {
        let array = bytes as? [UInt8] ?? Array(bytes)
        let guesses = try detect(array)
        guard let best = guesses.first else {
            // Only possible when an allowed list leaves no candidate at all.
            throw .undecodable(encoding: allowedEncodings?.first ?? "UTF-8", byteOffset: 0)
        }
        let converter: TextConverter
        do { converter = try TextConverter(encodingName: best.encoding) } catch { throw .unknownEncoding(best.encoding) }
        var body = ArraySlice(array)
        if best.hasByteOrderMark && best.encoding == "UTF-8" { body = body.dropFirst(3) }
        do {
            let (text, lossy) = try converter.decodeReportingLoss(body, lossy: allowsLossyDecoding)
            return DetectedText(text: text, guess: best, usedLossyConversion: lossy)
        } catch {
            if case .invalidBytes(let offset, _) = error {
                throw .undecodable(encoding: best.encoding, byteOffset: offset + (array.count - body.count))
            }
            throw .undecodable(encoding: best.encoding, byteOffset: 0)
        }
    }
}
