/// One placeholder of an Apple/printf format string — `%@`, `%2$lld`, `%.1f`, `%%`,
/// `%#@files@`, `%1$#@files@`, or a substitution's `%arg` — with where it sits (UTF-8
/// byte offsets) and what argument it takes. The one scanner that formatting, checks and
/// pseudo-localization share.
///
/// ```swift
/// let placeholders = FormatPlaceholder.scan("%1$@ has %2$lld files (100%%)")
/// placeholders.map(\.text)        // ["%1$@", "%2$lld", "%%"]
/// placeholders[1].position        // 2
/// placeholders[1].argumentKind    // .integer
/// ```
public struct FormatPlaceholder: Sendable, Hashable {
    /// Where the placeholder sits, as UTF-8 byte offsets into the format string.
    public var range: Range<Int>
    /// The placeholder as written.
    public var text: String
    /// The explicit 1-based argument position (`%2$@` → 2), or `nil` for the next one.
    public var position: Int?
    /// The flags (`-+ 0#'`), as written.
    public var flags: String
    /// The field width, when given as digits; ``widthFromArgument`` when given as `*`.
    public var width: Int?
    /// The width is `*`: it takes an argument of its own.
    public var widthFromArgument: Bool
    /// The precision after `.`, when given as digits.
    public var precision: Int?
    /// The precision is `.*`: it takes an argument of its own.
    public var precisionFromArgument: Bool
    /// The length modifier (`""`, `h`, `hh`, `l`, `ll`, `q`, `L`, `z`, `j`, `t`).
    public var length: String
    /// The conversion character (`@ d i u x X o f e g c s …`), `%` for `%%`, or `nil` when
    /// the text after `%` is no valid conversion (``kind`` is then ``Kind/invalid``).
    public var conversion: Character?
    /// The variable name of `%#@name@`.
    public var variable: String?
    /// What the placeholder is.
    public var kind: Kind

    /// What a placeholder is.
    public enum Kind: String, Sendable, Hashable {
        /// A printf conversion that takes an argument (`%@`, `%lld`, `%.2f`).
        case conversion
        /// `%%`: a literal percent sign.
        case percent
        /// `%#@name@`: a substitution or `.stringsdict` variable, which takes an argument.
        case substitution
        /// `%arg`: the argument of the substitution whose text this is.
        case substitutionArgument
        /// `%` followed by no valid conversion.
        case invalid
    }

    /// The kind of value an argument of this placeholder must be.
    public enum ArgumentKind: String, Sendable, Hashable {
        /// A signed integer (`d i`, any length).
        case integer
        /// An unsigned integer (`u x X o`, any length).
        case unsignedInteger
        /// A floating-point number (`f F e E g G a A`).
        case double
        /// An object or string (`@`, `s`, `S`).
        case string
        /// A character (`c`, `C`).
        case character
        /// A pointer (`p`).
        case pointer
    }

    /// The kind of argument it takes, or `nil` for `%%` and invalid placeholders
    /// (a `%#@name@` takes the kind of its substitution's `formatSpecifier`).
    public var argumentKind: ArgumentKind? {
        guard kind == .conversion, let conversion else { return nil }
        switch conversion {
        case "d", "i", "D": return .integer
        case "u", "U", "x", "X", "o", "O": return .unsignedInteger
        case "f", "F", "e", "E", "g", "G", "a", "A": return .double
        case "@", "s", "S": return .string
        case "c", "C": return .character
        case "p": return .pointer
        default: return nil
        }
    }

    /// Whether it consumes an argument (conversions and substitutions).
    public var takesArgument: Bool { kind == .conversion || kind == .substitution }

    /// The placeholders of `format`, in order. `%arg` is recognised only when
    /// `substitutionText` is `true` (it means the substitution's own argument there).
    ///
    /// ```swift
    /// FormatPlaceholder.scan("%#@count@ in %@").map(\.kind)   // [.substitution, .conversion]
    /// FormatPlaceholder.scan("%arg items", substitutionText: true)[0].kind   // .substitutionArgument
    /// ```
    public static func scan(_ format: String, substitutionText: Bool = false) -> [FormatPlaceholder] {
        if let result = format.utf8.withContiguousStorageIfAvailable({ scan($0, substitutionText: substitutionText) }) {
            return result
        }
        return Array(format.utf8).withUnsafeBufferPointer { scan($0, substitutionText: substitutionText) }
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, substitutionText: Bool) -> [FormatPlaceholder] {
        var result: [FormatPlaceholder] = []
        var index = 0
        let count = bytes.count
        func isDigit(_ i: Int) -> Bool { i < count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        func number(_ i: inout Int) -> Int? {
            guard isDigit(i) else { return nil }
            var value = 0
            while isDigit(i) {
                value = min(value * 10 + Int(bytes[i] - 0x30), 1_000_000)
                i += 1
            }
            return value
        }
        while index < count {
            guard bytes[index] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            let start = index
            var i = index + 1
            var placeholder = FormatPlaceholder(
                range: start..<start, text: "", position: nil, flags: "", width: nil, widthFromArgument: false,
                precision: nil, precisionFromArgument: false, length: "", conversion: nil, variable: nil, kind: .invalid)
            func finish(_ end: Int) {
                placeholder.range = start..<end
                placeholder.text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                result.append(placeholder)
                index = end
            }
            if i < count, bytes[i] == UInt8(ascii: "%") {
                placeholder.kind = .percent
                placeholder.conversion = "%"
                finish(i + 1)
                continue
            }
            if substitutionText, count - i >= 3, bytes[i] == UInt8(ascii: "a"), bytes[i + 1] == UInt8(ascii: "r"), bytes[i + 2] == UInt8(ascii: "g") {
                placeholder.kind = .substitutionArgument
                finish(i + 3)
                continue
            }
            // %n$ — an explicit position.
            var j = i
            if let n = number(&j), j < count, bytes[j] == UInt8(ascii: "$"), n > 0 {
                placeholder.position = n
                i = j + 1
            }
            // %#@name@ — a substitution.
            if count - i >= 2, bytes[i] == UInt8(ascii: "#"), bytes[i + 1] == UInt8(ascii: "@") {
                var k = i + 2
                while k < count, bytes[k] != UInt8(ascii: "@"), bytes[k] != UInt8(ascii: "%") { k += 1 }
                if k < count, bytes[k] == UInt8(ascii: "@"), k > i + 2 {
                    placeholder.kind = .substitution
                    placeholder.variable = String(decoding: UnsafeBufferPointer(rebasing: bytes[(i + 2)..<k]), as: UTF8.self)
                    finish(k + 1)
                    continue
                }
            }
            let flagsStart = i
            while i < count, "-+ 0#'".utf8.contains(bytes[i]) { i += 1 }
            placeholder.flags = String(decoding: UnsafeBufferPointer(rebasing: bytes[flagsStart..<i]), as: UTF8.self)
            if i < count, bytes[i] == UInt8(ascii: "*") {
                placeholder.widthFromArgument = true
                i += 1
            } else {
                placeholder.width = number(&i)
            }
            if i < count, bytes[i] == UInt8(ascii: ".") {
                i += 1
                if i < count, bytes[i] == UInt8(ascii: "*") {
                    placeholder.precisionFromArgument = true
                    i += 1
                } else {
                    placeholder.precision = number(&i) ?? 0
                }
            }
            let lengthStart = i
            while i < count, "hlqLzjt".utf8.contains(bytes[i]), i - lengthStart < 2 { i += 1 }
            placeholder.length = String(decoding: UnsafeBufferPointer(rebasing: bytes[lengthStart..<i]), as: UTF8.self)
            if i < count, "@dDiuUxXoOfFeEgGaAcCsSp".utf8.contains(bytes[i]) {
                placeholder.conversion = Character(Unicode.Scalar(bytes[i]))
                placeholder.kind = .conversion
                finish(i + 1)
            } else {
                // No valid conversion: the `%` alone is the placeholder, so scanning
                // resumes right after it.
                placeholder = FormatPlaceholder(
                    range: start..<start, text: "", position: nil, flags: "", width: nil, widthFromArgument: false,
                    precision: nil, precisionFromArgument: false, length: "", conversion: nil, variable: nil, kind: .invalid)
                finish(start + 1)
            }
        }
        return result
    }
}
