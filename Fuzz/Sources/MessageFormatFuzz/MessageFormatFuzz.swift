// MessageFormatFuzz: arbitrary strings (lossy UTF-8) as ICU MessageFormat patterns
// (StringsDictFuzz reads .stringsdict XML).
//
// Checked: MessageFormatter either throws a typed error (FormattingError,
// InputTooLongError) or parses; formatting it with every argument given as a number, and
// again as text, either formats or throws FormattingError (never crashes); the argument
// names are unique.
import FuzzSupport
import ICUKit

private let locales = ["en", "ru", "cy", "ar", "fr", "ja"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let locale = (try? LocaleID(locales[Int(data[0]) % locales.count])) ?? .root
    let pattern = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    do {
        let message = try MessageFormatter(pattern, locale: locale)
        let names = message.argumentNames
        expect(Set(names).count == names.count, "duplicate argument names \(names)")
        for value in [MessageArgument.number(1), .number(-3.5), .string("x"), .date(0)] {
            var arguments: [String: MessageArgument] = [:]
            for name in names { arguments[name] = value }
            _ = try? message.format(arguments)  // typed: only FormattingError can come out
        }
    } catch {
        // MessageFormatter throws FormattingError only (typed throws): any is acceptable here.
    }
    return 0
}
