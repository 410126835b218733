// DifferentialFuzz: ICUKit against raw ICU C calls on the same input (issue 17). The first
// byte picks the oracle, the rest is the input (decoded leniently as UTF-8 where text is
// needed):
// - segmentation: `Segmenter.boundaryOffsets` (every unit, root) equals raw `ubrk_open` +
//   `ubrk_next` over the UTF-16 text, its offsets converted to UTF-8;
// - collation: `Collator.compare` (root, `de`, `da`) has the sign of raw `ucol_strcollUTF8`,
//   and `Collator.sortKey(for:)` is byte for byte raw `ucol_getSortKey`;
// - decoding: where `TextConverter.decode` (windows-1252, Shift_JIS, UTF-16LE, GB18030,
//   ISO-2022-JP) succeeds, raw `ucnv_toUnicode` gives the same text;
// - bidi: `BidiParagraph.levels` (one per scalar) and the paragraph level equal raw
//   `ubidi_setPara` + `ubidi_getLevels` (per UTF-16 unit, at each scalar's first unit), for
//   auto, LTR and RTL, on one paragraph (paragraph separators removed).
import CICURaw
import FuzzSupport
import ICUKit

private let segmenters: [(Segmenter, Int32)] = [(.grapheme, UBRK_CHARACTER), (.word, UBRK_WORD), (.line, UBRK_LINE), (.sentence, UBRK_SENTENCE)].map { unit, raw in
    do { return (try Segmenter(unit), raw) } catch { fatalError("cannot open \(unit): \(error)") }
}
private let collatorLocales = ["", "de", "da"]
private let collators: [Collator] = collatorLocales.map { name in
    do { return try Collator(locale: LocaleID(name)) } catch { fatalError("cannot open collator \(name): \(error)") }
}
private let encodings = ["windows-1252", "Shift_JIS", "UTF-16LE", "GB18030", "ISO-2022-JP"]
private let converters: [TextConverter] = encodings.map { name in
    do { return try TextConverter(encodingName: name) } catch { fatalError("cannot open \(name): \(error)") }
}

/// UTF-16 offsets → UTF-8 offsets of `text`.
private func utf8Offsets(_ text: String, _ utf16: [Int]) -> [Int] {
    var map: [Int: Int] = [0: 0]
    var u16 = 0, u8 = 0
    for scalar in text.unicodeScalars {
        u16 += scalar.utf16.count
        u8 += scalar.utf8.count
        map[u16] = u8
    }
    return utf16.map { map[$0] ?? -1 }
}

private func segmentation(_ text: String) {
    let units = Array(text.utf16)
    for (segmenter, type) in segmenters {
        var status: Int32 = 0
        guard let raw = ubrk_open(type, "", units, Int32(units.count), &status), status <= 0 else { fatalError("ubrk_open \(status)") }
        defer { ubrk_close(raw) }
        var offsets: [Int] = [Int(ubrk_first(raw))]
        while case let next = ubrk_next(raw), next != UBRK_DONE { offsets.append(Int(next)) }
        let expected = utf8Offsets(text, offsets)
        let got = segmenter.boundaryOffsets(of: text)
        if got != expected { fatalError("segmentation \(type) differs: ICUKit \(got) raw \(expected)") }
    }
}

private func collation(_ data: [UInt8]) {
    let cut = data.isEmpty ? 0 : Int(data[0]) % (data.count + 1)
    let a = String(decoding: data[..<cut], as: UTF8.self), b = String(decoding: data[cut...], as: UTF8.self)
    for (index, collator) in collators.enumerated() {
        var status: Int32 = 0
        guard let raw = ucol_open(collatorLocales[index], &status), status <= 0 else { fatalError("ucol_open \(status)") }
        defer { ucol_close(raw) }
        let a8 = Array(a.utf8), b8 = Array(b.utf8)
        let rawOrder = a8.withUnsafeBufferPointer { pa in
            b8.withUnsafeBufferPointer { pb in
                pa.withMemoryRebound(to: CChar.self) { ca in
                    pb.withMemoryRebound(to: CChar.self) { cb in
                        ucol_strcollUTF8(raw, ca.baseAddress, Int32(ca.count), cb.baseAddress, Int32(cb.count), &status)
                    }
                }
            }
        }
        if status > 0 { fatalError("ucol_strcollUTF8 \(status)") }
        let order = collator.compare(a, b).rawValue
        if order != Int(rawOrder) { fatalError("collation \(collatorLocales[index]) differs: ICUKit \(order) raw \(rawOrder)") }
        let units = Array(a.utf16)
        let length = ucol_getSortKey(raw, units, Int32(units.count), nil, 0)
        var key = [UInt8](repeating: 0, count: Int(length))
        _ = ucol_getSortKey(raw, units, Int32(units.count), &key, length)
        if key.last == 0 { key.removeLast() }  // ICU counts the terminating 0
        let mine = collator.sortKey(for: a).bytes
        if mine != key && mine != key + [0] { fatalError("sort key \(collatorLocales[index]) differs for \(a.unicodeScalars.map(\.value))") }
    }
}

private func decoding(_ data: [UInt8]) {
    for (index, converter) in converters.enumerated() {
        guard let mine = try? converter.decode(data) else { continue }
        var status: Int32 = 0
        guard let raw = ucnv_open(encodings[index], &status), status <= 0 else { fatalError("ucnv_open \(status)") }
        defer { ucnv_close(raw) }
        var out = [UInt16](repeating: 0, count: data.count * 2 + 16)
        let written: Int = data.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { source in
                out.withUnsafeMutableBufferPointer { target in
                    var from = source.baseAddress, to = target.baseAddress
                    ucnv_toUnicode(raw, &to, target.baseAddress! + target.count, &from, source.baseAddress.map { $0 + source.count }, nil, 1, &status)
                    return to! - target.baseAddress!
                }
            }
        }
        if status > 0 { fatalError("ICUKit decoded what raw ICU rejects (\(encodings[index]), status \(status))") }
        let expected = String(decoding: out[..<written], as: UTF16.self)
        if mine != expected { fatalError("decoding \(encodings[index]) differs") }
    }
}

private func bidi(_ text: String) {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars where ![0x0A, 0x0D, 0x1C, 0x1D, 0x1E, 0x85, 0x2029].contains(scalar.value) { scalars.append(scalar) }
    let line = String(scalars)
    let units = Array(line.utf16)
    guard let raw = ubidi_open() else { fatalError("ubidi_open") }
    defer { ubidi_close(raw) }
    for (direction, level) in [(BidiParagraph.Direction.auto, UInt8(UBIDI_DEFAULT_LTR)), (.leftToRight, 0), (.rightToLeft, 1)] {
        var status: Int32 = 0
        ubidi_setPara(raw, units, Int32(units.count), level, nil, &status)
        if status > 0 { fatalError("ubidi_setPara \(status)") }
        guard let paragraph = try? BidiParagraph(line, direction: direction) else { fatalError("BidiParagraph threw on \(units.count) units") }
        if units.isEmpty { continue }
        guard let levels = ubidi_getLevels(raw, &status), status <= 0 else { fatalError("ubidi_getLevels \(status)") }
        var expected: [UInt8] = []
        var offset = 0
        for scalar in line.unicodeScalars {
            expected.append(levels[offset])
            offset += scalar.utf16.count
        }
        if paragraph.paragraphLevel != ubidi_getParaLevel(raw) { fatalError("paragraph level differs") }
        if paragraph.levels != expected { fatalError("bidi levels differ (\(direction)): ICUKit \(paragraph.levels) raw \(expected)") }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let selector = start[0]
    let data = Array(UnsafeBufferPointer(start: start + 1, count: count - 1))
    switch selector % 4 {
    case 0: segmentation(String(decoding: data, as: UTF8.self))
    case 1: collation(data)
    case 2: decoding(data)
    default: bidi(String(decoding: data, as: UTF8.self))
    }
    return 0
}
