// NumberSkeletonFuzz: arbitrary strings (lossy UTF-8) as ICU number skeletons, with a
// locale chosen by the first byte.
//
// Checked: ICUNumberFormatter either throws a typed FormattingError / LocaleError or
// formats a few values (including NaN, ±∞, huge and tiny ones, a decimal string) without
// crashing; a range formatter on the same skeleton does the same; a measure formatter
// with the text as unit and usage throws FormattingError or formats.
import FuzzSupport
import ICUKit

private let locales = ["en", "fr", "de", "ar", "hi", "ja", "zh", "ru", "cy", "he", "en-IN", "th-u-nu-thai", ""]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let locale = (try? LocaleID(locales[Int(data[0]) % locales.count])) ?? .root
    let skeleton = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    do {
        let formatter = try ICUNumberFormatter(skeleton: skeleton, locale: locale)
        for value in [0, 1, -1.5, 1234567.891, .nan, .infinity, -.infinity, 1e300, 5e-324] {
            _ = try formatter.format(value)
        }
        _ = try formatter.format(Int.max)
        _ = try formatter.format(decimal: "-12345678901234567890.125")
        let range = try NumberRangeFormatter(skeleton: skeleton, locale: locale)
        _ = try range.format(3, 5)
    } catch is FormattingError {
    } catch is LocaleError {
    } catch {
        expect(false, "unexpected error \(error) for skeleton \(skeleton.debugDescription)")
    }
    let parts = skeleton.split(separator: " ", maxSplits: 1).map(String.init)
    do {
        let measure = try MeasureFormatter(unit: parts.first ?? "", usage: parts.count > 1 ? parts[1] : nil, locale: locale)
        _ = try measure.format(180)
    } catch is FormattingError {
    } catch {
        expect(false, "unexpected error \(error) for unit \(skeleton.debugDescription)")
    }
    return 0
}
