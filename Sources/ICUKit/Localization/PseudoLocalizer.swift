/// Pseudo-localization of one string: text that still reads as the source but shows
/// untranslated strings, truncation, hard-coded layout and right-to-left bugs.
///
/// Only the message text changes. Placeholders (`%@`, `%1$lld`, `%%`, `%#@name@`, a
/// substitution's `%arg`), ICU MessageFormat syntax (`{name}`, `{n, number}`, and in
/// `{n, plural, one {…} other {…}}` everything but the case texts, `#` included), HTML/XML
/// tags (`<b>`, `<a href="…">`, `<br/>`, `<!-- … -->`), entities (`&amp;`, `&#8217;`) and
/// backslash escapes (`\n`, `\"`, `\u00e9`) are kept byte for byte.
///
/// - ``PseudoStyle/accented``: every ASCII Latin letter becomes an accented look-alike
///   (`Files` → `Ƒîļéš`).
/// - ``PseudoStyle/double``: the text grows as IBM's guideline for translated text grows,
///   short strings most: by 100 % up to 10 characters, 80 % up to 20, 60 % up to 30,
///   40 % up to 50, 35 % up to 70 and 30 % beyond (rounded up), with filler words
///   (`one two three …`) after the text, as Android's en-XA pads.
/// - ``PseudoStyle/bounded``: `[` … `]` around the whole string.
/// - ``PseudoStyle/rtl``: each word wrapped in RLM RLO … PDF RLM (U+200F U+202E … U+202C
///   U+200F), as Android's ar-XB, so left-to-right text displays mirrored, right to left.
///
/// ```swift
/// let pseudo = PseudoLocalizer(style: [.accented, .bounded])
/// pseudo.transform("Delete %lld files?")   // "[Ðéļéţé %lld ƒîļéš?]"
/// ```
public struct PseudoLocalizer: Sendable, Hashable {
    /// The transformations applied.
    public var style: PseudoStyle

    /// A pseudo-localizer.
    ///
    /// ```swift
    /// let pseudo = PseudoLocalizer(style: .rtl)
    /// ```
    public init(style: PseudoStyle) { self.style = style }

    /// The pseudo-localized `text`. In a substitution's text (`substitutionText`), `%arg`
    /// is a placeholder and no brackets are added (the text sits inside another).
    ///
    /// ```swift
    /// PseudoLocalizer(style: .accented).transform("<b>%@</b> &amp; you")   // "<b>%@</b> &amp; ýöû"
    /// ```
    public func transform(_ text: String, substitutionText: Bool = false) -> String {
        var segmenter = PseudoSegmenter(text, substitutionText: substitutionText)
        var pieces = segmenter.message()
        var output = render(&pieces)
        if style.contains(.bounded) && !substitutionText { output = "[" + output + "]" }
        return output
    }

    /// Renders a parsed message: text pieces transformed, the rest as written, a nested
    /// message (a MessageFormat case) rendered as a message of its own.
    func render(_ pieces: inout [PseudoSegmenter.Piece]) -> String {
        var output = ""
        var length = 0
        for piece in pieces {
            if case .text(let text) = piece { length += text.count }
        }
        for index in pieces.indices {
            switch pieces[index] {
            case .text(let text): output += convert(text)
            case .kept(let kept): output += kept
            case .message(var inner): output += render(&inner)
            }
        }
        if style.contains(.double), length > 0 { output += convert(Self.filler(for: length)) }
        return output
    }

    /// The filler that grows a text of `length` characters by IBM's guideline.
    static func filler(for length: Int) -> String {
        let percent = length <= 10 ? 100 : length <= 20 ? 80 : length <= 30 ? 60 : length <= 50 ? 40 : length <= 70 ? 35 : 30
        let wanted = (length * percent + 99) / 100
        var filler = ""
        var word = 0
        while filler.count < wanted {
            let next = fillerWords[word % fillerWords.count]
            filler += " " + next
            word += 1
        }
        // The filler is exactly as long as wanted.
        return String(filler.prefix(wanted))
    }

    private static let fillerWords = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    /// One text run: accented, then each word wrapped for right-to-left.
    private func convert(_ text: String) -> String {
        var result = text
        if style.contains(.accented) {
            var scalars = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                if scalar.isASCII, let accented = Self.accents[Int(scalar.value)] { scalars.append(accented) } else { scalars.append(scalar) }
            }
            result = String(scalars)
        }
        if style.contains(.rtl) {
            var wrapped = ""
            var word = ""
            for character in result {
                if character.isWhitespace {
                    if !word.isEmpty { wrapped += "\u{200F}\u{202E}" + word + "\u{202C}\u{200F}" }
                    word = ""
                    wrapped.append(character)
                } else {
                    word.append(character)
                }
            }
            if !word.isEmpty { wrapped += "\u{200F}\u{202E}" + word + "\u{202C}\u{200F}" }
            result = wrapped
        }
        return result
    }

    /// ASCII letter → accented look-alike.
    private static let accents: [Int: Unicode.Scalar] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars)
        let accented = Array("áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ".unicodeScalars)
        var table: [Int: Unicode.Scalar] = [:]
        for (from, to) in zip(plain, accented) { table[Int(from.value)] = to }
        return table
    }()
}

/// The pseudo-localization styles; combine them freely (`[.accented, .bounded, .double]`).
///
/// ```swift
/// let style = try PseudoStyle(parsing: "accented,bounded")   // [.accented, .bounded]
/// ```
public struct PseudoStyle: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: Int
    /// A style from its bits.
    ///
    /// ```swift
    /// PseudoStyle(rawValue: 3) == [.accented, .bounded]   // true
    /// ```
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Every Latin letter to an accented look-alike.
    public static let accented = PseudoStyle(rawValue: 1)
    /// `[` … `]` around each string.
    public static let bounded = PseudoStyle(rawValue: 2)
    /// Longer text, short strings most (IBM's guideline).
    public static let double = PseudoStyle(rawValue: 4)
    /// Each word forced right to left (Android's ar-XB).
    public static let rtl = PseudoStyle(rawValue: 8)

    /// The names, in the CLI's order: `accented`, `bounded`, `double`, `rtl`.
    public static let names: [(String, PseudoStyle)] = [("accented", .accented), ("bounded", .bounded), ("double", .double), ("rtl", .rtl)]

    /// A comma-separated list of style names.
    ///
    /// ```swift
    /// let style = try PseudoStyle(parsing: "rtl")   // .rtl
    /// ```
    /// - Throws: ``StringsError`` (`.invalidFormat`) naming an unknown style.
    public init(parsing list: String) throws(StringsError) {
        var style: PseudoStyle = []
        for name in list.split(separator: ",") {
            let trimmed = name.filter { $0 != " " }
            guard let match = Self.names.first(where: { $0.0 == trimmed }) else {
                throw StringsError(.invalidFormat, "unknown pseudo-localization style '\(trimmed)' (accented, bounded, double, rtl)")
            }
            style.insert(match.1)
        }
        guard !style.isEmpty else { throw StringsError(.invalidFormat, "no pseudo-localization style given (accented, bounded, double, rtl)") }
        self = style
    }
}
