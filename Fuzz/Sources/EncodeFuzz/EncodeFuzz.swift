// EncodeFuzz: arbitrary strings (lossy UTF-8 of the input) through TextConverter.encode.
//
// The first byte picks a converter. Properties checked:
// - lossy encoding never throws;
// - strict encoding either succeeds, and then decoding gives the string back (for the
//   converters listed as round-trip safe), or throws unencodable with a UTF-8 offset that
//   starts a scalar of the string and names that scalar;
// - streaming encoding in two pieces (split at a scalar boundary) decodes to the same string.
import FuzzSupport
import ICUKit

let names = ["UTF-8", "UTF-16LE", "UTF-32BE", "windows-1251", "windows-1252", "KOI8-U", "IBM866", "windows-874",
             "EUC-JP", "Shift_JIS", "GB18030", "Big5", "EUC-KR", "ISO-2022-JP", "HZ-GB-2312", "UTF-7", "ISO-8859-1"]
let converters = names.map { try! TextConverter(encodingName: $0) }
/// Every Unicode string survives these (others map some characters one way only).
let roundTrip: Set<String> = ["UTF-8", "UTF-16LE", "UTF-32BE", "GB18030", "UTF-7"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let converter = converters[Int(data[0]) % converters.count]
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    do { _ = try converter.encode(text, lossy: true) } catch { fatalError("lossy encode threw \(error)") }
    do {
        let bytes = try converter.encode(text)
        if roundTrip.contains(converter.name) {
            let back = try converter.decode(bytes)
            expect(back == text, "\(converter.name) does not round-trip")
        }
        let scalars = Array(text.unicodeScalars)
        let half = scalars.count / 2
        var first = String.UnicodeScalarView(), second = String.UnicodeScalarView()
        first.append(contentsOf: scalars[..<half]); second.append(contentsOf: scalars[half...])
        let encoder = converter.makeEncoder()
        let pieces = try encoder.encode(String(first)) + encoder.encode(String(second), isFinal: true)
        let (a, b) = (try converter.decode(pieces), try converter.decode(bytes))
        expect(a == b, "\(converter.name): pieces decode differently")
    } catch TextConversionError.unencodable(let offset, let scalar) {
        let utf8 = Array(text.utf8)
        expect(offset >= 0 && offset < utf8.count, "offset \(offset) outside \(utf8.count)")
        let rest = String(decoding: utf8[offset...], as: UTF8.self)
        expect(rest.unicodeScalars.first == scalar, "offset \(offset) does not start \(scalar)")
    } catch {
        fatalError("unexpected \(error)")
    }
    return 0
}
