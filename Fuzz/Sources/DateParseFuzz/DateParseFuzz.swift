// DateParseFuzz: arbitrary text parsed as a date with every style, in several locales and
// calendars, strict and lenient; plus arbitrary amounts through the duration and
// relative-time formatters.
//
// Byte 0 picks the locale, byte 1 the date and time styles and leniency; bytes 2–9 are a
// Double of seconds for the duration/relative formatters; the rest is the text.
// Properties: parsing returns a date or throws FormattingError.unparseable with a byte
// offset inside the text (on a scalar boundary); a parsed date formats again (or throws a
// typed error); durations and relative times format or throw a typed error.
import FoundationEssentials
import FuzzSupport
import ICUKit

let locales = ["en_US", "en_GB", "fr_FR", "de_DE", "zh_CN", "ja_JP@calendar=japanese", "ar_SA", "he_IL@calendar=hebrew",
               "hi_IN", "th_TH", "ru_RU", "cs_CZ", "ko_KR", "fa_IR", "zh_TW@calendar=roc", "en_US@calendar=chinese"]
let styles = DateTimeFormatter.Style.allCases

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 10 else { return 0 }
    let locale = try! LocaleID(locales[Int(data[0]) % locales.count])
    let date = styles[Int(data[1]) % 5], time = styles[Int(data[1] / 5) % 5]
    let lenient = data[1] & 0x80 != 0
    var seconds = 0.0
    withUnsafeMutableBytes(of: &seconds) { $0.copyMemory(from: UnsafeRawBufferPointer(start: data + 2, count: 8)) }
    let text = String(decoding: UnsafeBufferPointer(start: data + 10, count: size - 10), as: UTF8.self)

    let formatter: DateTimeFormatter
    do { formatter = try DateTimeFormatter(date: date, time: time, locale: locale, timeZone: "Europe/Paris") } catch {
        fatalError("styles \(date)/\(time) for \(locale): \(error)")
    }
    do {
        let parsed = try formatter.parse(text, lenient: lenient)
        do { _ = try formatter.format(parsed) } catch {
            if case .dateOutOfRange = error {} else { fatalError("formatting a parsed date: \(error)") }
        }
    } catch let error {
        guard case .unparseable(let failed, let offset) = error else { fatalError("untyped parse failure \(error)") }
        expect(failed == text, "error names another text")
        expect(offset >= 0 && offset <= text.utf8.count, "offset \(offset) outside \(text.utf8.count) bytes")
        let index = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        expect(index.samePosition(in: text.unicodeScalars) != nil, "offset \(offset) inside a scalar")
    }

    let styleIndex = Int(data[0] / 16) % DurationFormatter.UnitsStyle.allCases.count
    let options = DurationFormatter.Options(
        unitsStyle: DurationFormatter.UnitsStyle.allCases[styleIndex],
        allowedUnits: Set(DurationFormatter.Unit.allCases.enumerated().filter { data[1] & (1 << ($0.offset % 7)) != 0 || $0.offset == 6 }.map(\.element)),
        maximumUnitCount: Int(data[1] % 4) == 0 ? nil : Int(data[1] % 4),
        zeroUnits: DurationFormatter.ZeroUnits.allCases[Int(data[0]) % 5], collapsesLargestUnit: data[0] & 1 != 0,
        approximate: data[0] & 2 != 0, context: CapitalizationContext.allCases[Int(data[1]) % 6])
    do {
        let text = try DurationFormatter(locale: locale, options: options).format(seconds: seconds)
        expect(!text.isEmpty, "empty duration for \(seconds)")
    } catch {
        guard case .dateOutOfRange = error else { fatalError("duration \(seconds): \(error)") }
        expect(!seconds.isFinite || abs(seconds) >= 4.6e18, "finite \(seconds) refused")
    }
    do {
        let relative = try RelativeTimeFormatter(locale: locale, width: .allCases[Int(data[1]) % 3], numeric: lenient)
        _ = try relative.format(seconds: seconds)
    } catch {
        guard case .dateOutOfRange = error else { fatalError("relative \(seconds): \(error)") }
    }
    return 0
}
