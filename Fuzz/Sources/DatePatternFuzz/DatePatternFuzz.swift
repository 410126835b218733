// DatePatternFuzz: arbitrary skeletons and patterns (these reach ICU's pattern parsers)
// with every capitalization context and hour cycle, for date, interval and parse.
//
// Byte 0: bit 0 template (skeleton) or pattern, bits 1–3 context, bits 4–7 locale;
// byte 1: hour cycle and a date choice; the rest is the skeleton or pattern.
// Properties: construction succeeds or throws a typed error (FormattingError or
// LocaleError); a formatter formats several dates (the ends of ICU's range included)
// or throws FormattingError; parsing its own output returns or throws a typed error;
// skeletons also go through the interval formatter.
import FoundationEssentials
import FuzzSupport
import ICUKit

let locales = ["en_US", "de_DE", "zh_CN", "ja_JP@calendar=japanese", "ar_SA", "he_IL@calendar=hebrew", "th_TH", "ru_RU",
               "cs_CZ", "ko_KR", "fa_IR", "root", "en_US@calendar=chinese", "am_ET@calendar=ethiopic", "hi_IN", "fr_CA"]
let dates: [Double] = [0, 1_780_499_220, -62_135_596_800, 253_402_300_799, -1e13, 1e13, 1.7e14, -1.7e14]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 2 else { return 0 }
    let useTemplate = data[0] & 1 != 0
    let context = CapitalizationContext.allCases[Int(data[0] >> 1 & 7) % CapitalizationContext.allCases.count]
    let locale = try! LocaleID(locales[Int(data[0] >> 4)])
    let cycle: DateTimeFormatter.HourCycle? = data[1] & 4 == 0 ? nil : DateTimeFormatter.HourCycle.allCases[Int(data[1]) % 4]
    let string = String(decoding: UnsafeBufferPointer(start: data + 2, count: size - 2), as: UTF8.self)

    let formatter: DateTimeFormatter
    do {
        formatter = useTemplate
            ? try DateTimeFormatter(template: string, locale: locale, timeZone: "America/Sao_Paulo", hourCycle: cycle, context: context)
            : try DateTimeFormatter(pattern: string, locale: locale, timeZone: "America/Sao_Paulo", context: context)
    } catch {
        return 0  // typed: a FormattingError (a refused template or pattern)
    }
    let date = Date(timeIntervalSince1970: dates[Int(data[1] >> 3) % dates.count])
    var output = ""
    do { output = try formatter.format(date) } catch {
        if case .dateOutOfRange = error {} else if case .icu = error {} else { fatalError("format: \(error)") }
    }
    do { _ = try formatter.parse(output, lenient: data[1] & 1 != 0) } catch {
        guard case .unparseable(_, let offset) = error else { fatalError("untyped parse failure \(error)") }
        expect(offset >= 0 && offset <= output.utf8.count, "offset \(offset) outside the text")
    }
    if context == .dynamic {
        do { _ = try formatter.format(date, into: "x. {0} y") } catch is FormattingError {} catch { fatalError("dynamic: \(error)") }
    }
    if useTemplate {
        do {
            let range = try DateRangeFormatter(template: string, locale: locale, timeZone: "UTC", context: context)
            _ = try range.format(date, date.addingTimeInterval(Double(data[1]) * 86_400))
        } catch {
            // typed: only FormattingError can come out
        }
    }
    return 0
}
