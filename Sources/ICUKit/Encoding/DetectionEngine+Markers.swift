internal import CICU

/// Byte order marks, declared encodings and UTF-8 validity.
extension DetectionEngine {
    func byteOrderMark(_ b: UnsafeBufferPointer<UInt8>) -> EncodingGuess? {
        let n = b.count
        var name: String? = nil
        var skip = 0
        if n >= 4 && b[0] == 0xFF && b[1] == 0xFE && b[2] == 0 && b[3] == 0 { name = "UTF-32"; skip = 4 }
        else if n >= 4 && b[0] == 0 && b[1] == 0 && b[2] == 0xFE && b[3] == 0xFF { name = "UTF-32"; skip = 4 }
        else if n >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { name = "UTF-8"; skip = 3 }
        else if n >= 2 && ((b[0] == 0xFE && b[1] == 0xFF) || (b[0] == 0xFF && b[1] == 0xFE)) { name = "UTF-16"; skip = 2 }
        guard let name, allowed(name) || (name == "UTF-16" && (allowed("UTF-16LE") || allowed("UTF-16BE"))) else { return nil }
        _ = skip
        guard let converter = try? TextConverter(encodingName: name) else { return nil }
        var features = TextFeatures()
        var units: [UInt16] = []
        do {
            try converter.withDecoder { (engine) throws(TextConversionError) in
                var state = DecodeState()
                try engine.decode(UnsafeRawBufferPointer(b), flush: !inputIsPrefix, lossy: false, state: &state) { chunk in
                    if units.count < 4096 { units.append(contentsOf: chunk) }
                }
            }
        } catch { return nil }
        let models = DetectionLanguageProfiles.shared
        features = units.withUnsafeBufferPointer { TextFeatures.of($0, models: models) }
        var language: String? = nil
        if features.nonASCII > 1 {
            var best = Int32.max
            for l in models.codes.indices {
                let c = features.cost(language: l, models: models)
                if c < best { best = c; language = models.codes[l] }
            }
        }
        return EncodingGuess(encoding: converter.name, confidence: 1, language: language, hasByteOrderMark: true, isLossy: false)
    }

    func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        let n = min(bytes.count, 1 << 16)
        guard n >= needle.count else { return false }
        for i in 0...(n - needle.count) where bytes[i] == needle[0] {
            if (1..<needle.count).allSatisfy({ bytes[i + $0] == needle[$0] }) { return true }
        }
        return false
    }

    /// A charset declared in the first 2 KiB: `<meta charset=…>`, `charset=` in a
    /// content type, or `<?xml … encoding="…"?>`; the canonical converter name.
    func findDeclaration(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let n = min(bytes.count, 2048)
        var lower = [UInt8](repeating: 0, count: n)
        for i in 0..<n { let b = bytes[i]; lower[i] = (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b }
        for key in [Array("charset=".utf8), Array("encoding=".utf8)] {
            var i = 0
            while i + key.count < n {
                if lower[i] == key[0] && Array(lower[i..<(i + key.count)]) == key {
                    var j = i + key.count
                    while j < n && (lower[j] == 0x22 || lower[j] == 0x27 || lower[j] == 0x20) { j += 1 }
                    var name: [UInt8] = []
                    while j < n, name.count < 40, case let b = bytes[j],
                          (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x5F || b == 0x2E || b == 0x3A {
                        name.append(b); j += 1
                    }
                    if !name.isEmpty, let converter = try? TextConverter(encodingName: String(decoding: name, as: UTF8.self)) {
                        return converter.canonicalName
                    }
                }
                i += 1
            }
        }
        return nil
    }

    /// Whether the `count` bytes at `start` (fewer than the lead byte announces) are a
    /// valid beginning of a UTF-8 sequence.
    static func isTruncatedTail(_ start: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let b0 = start[0]
        if count >= 2 {
            let b1 = start[1]
            let lo: UInt8 = b0 == 0xE0 ? 0xA0 : b0 == 0xF0 ? 0x90 : 0x80
            let hi: UInt8 = b0 == 0xED ? 0x9F : b0 == 0xF4 ? 0x8F : 0xBF
            guard b1 >= lo && b1 <= hi else { return false }
        }
        if count >= 3 { guard start[2] & 0xC0 == 0x80 else { return false } }
        return true
    }

    /// Strict UTF-8 validation (no overlongs, surrogates or code points past U+10FFFF),
    /// eight ASCII bytes at a time.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>, prefix: Bool = false) -> Bool {
        let n = bytes.count
        guard let base = bytes.baseAddress else { return true }
        var i = 0
        while i < n {
            if i + 8 <= n {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 { i += 8; continue }
            }
            let b0 = base[i]
            if b0 < 0x80 { i += 1; continue }
            if b0 >= 0xC2 && b0 <= 0xDF {
                if i + 1 == n { return prefix }
                guard base[i + 1] & 0xC0 == 0x80 else { return false }
                i += 2
            } else if b0 >= 0xE0 && b0 <= 0xEF {
                guard i + 2 < n else { return prefix && Self.isTruncatedTail(base + i, n - i) }
                let b1 = base[i + 1]
                let lo: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80, hi: UInt8 = b0 == 0xED ? 0x9F : 0xBF
                guard b1 >= lo && b1 <= hi, base[i + 2] & 0xC0 == 0x80 else { return false }
                i += 3
            } else if b0 >= 0xF0 && b0 <= 0xF4 {
                guard i + 3 < n else { return prefix && Self.isTruncatedTail(base + i, n - i) }
                let b1 = base[i + 1]
                let lo: UInt8 = b0 == 0xF0 ? 0x90 : 0x80, hi: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF
                guard b1 >= lo && b1 <= hi, base[i + 2] & 0xC0 == 0x80, base[i + 3] & 0xC0 == 0x80 else { return false }
                i += 4
            } else {
                return false
            }
        }
        return true
    }
}
