internal import CICU

/// The Unicode character properties of one code point, from ICU's data (Unicode 15.0
/// with ICU 72): name, general category, script and script extensions, block, age, bidi
/// class, East Asian width, combining class, numeric value, emoji properties, and any
/// binary property by name.
///
/// Surrogate code points (U+D800…U+DFFF) are accepted too, so whole ranges can be listed.
///
/// ```swift
/// let e = ScalarProperties("é")
/// e.name             // "LATIN SMALL LETTER E WITH ACUTE"
/// e.generalCategory  // "Ll"
/// e.script           // "Latn"
/// e.block            // "Latin_1_Supplement"
/// try ScalarProperties.scalar(named: "GREEK SMALL LETTER ALPHA")  // "α"
/// ```
public struct ScalarProperties: Sendable, Hashable {
    /// The code point, U+0000…U+10FFFF.
    public let codePoint: UInt32

    /// The properties of `scalar`.
    ///
    /// ```swift
    /// ScalarProperties("A").generalCategory  // "Lu"
    /// ```
    public init(_ scalar: Unicode.Scalar) { codePoint = scalar.value }

    /// The properties of a code point (surrogates included), or `nil` past U+10FFFF.
    ///
    /// ```swift
    /// ScalarProperties(codePoint: 0xD800)?.generalCategory  // "Cs"
    /// ```
    public init?(codePoint: UInt32) {
        guard codePoint <= 0x10FFFF else { return nil }
        self.codePoint = codePoint
    }

    private var c: Int32 { Int32(bitPattern: codePoint) }

    /// The Unicode `Name` property, algorithmic names included (`CJK UNIFIED IDEOGRAPH-4E00`,
    /// `HANGUL SYLLABLE GA`); `nil` where it is empty (controls, private use, unassigned,
    /// surrogates).
    ///
    /// ```swift
    /// ScalarProperties("\u{4E00}").name  // "CJK UNIFIED IDEOGRAPH-4E00"
    /// ScalarProperties("\u{7}").name     // nil
    /// ```
    public var name: String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 128) { buffer in
            guard let length = ICU.u_charName(c, U_UNICODE_CHAR_NAME, buffer.baseAddress, 128), length > 0, length <= 128 else { return nil }
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(length)), as: UTF8.self)
        }
    }

    /// The two-letter general category (`Lu`, `Ll`, `Mn`, `Nd`, …, `Cn` for unassigned).
    ///
    /// ```swift
    /// ScalarProperties("5").generalCategory  // "Nd"
    /// ```
    public var generalCategory: String {
        Self.valueName(UCHAR_GENERAL_CATEGORY, Int32(u_charType(c)))
    }

    /// The `Script` property as an ISO 15924 code (`Latn`, `Cyrl`, `Zyyy` for Common,
    /// `Zinh` for Inherited, `Zzzz` for unassigned).
    ///
    /// ```swift
    /// ScalarProperties("Ж").script  // "Cyrl"
    /// ```
    public var script: String { Self.scriptCode(scriptValue) }

    var scriptValue: Int32 {
        let value = ICU.uscript_getScript(c)
        return value == USCRIPT_INVALID_CODE ? USCRIPT_UNKNOWN : value
    }

    /// The `Script_Extensions` property as ISO 15924 codes, sorted.
    ///
    /// ```swift
    /// ScalarProperties("\u{0660}").scriptExtensions  // ["Arab", "Thaa", "Yezi"]
    /// ```
    public var scriptExtensions: [String] { Self.scriptExtensionValues(c).map(Self.scriptCode).sorted() }

    /// The block, by ICU's long property value name (`Basic_Latin`, `No_Block`).
    ///
    /// ```swift
    /// ScalarProperties("é").block  // "Latin_1_Supplement"
    /// ```
    public var block: String { Self.valueName(UCHAR_BLOCK, ublock_getCode(c), long: true) }

    /// The Unicode version that assigned the code point (`"1.1"`, `"15.0"`), `nil` if unassigned.
    ///
    /// ```swift
    /// ScalarProperties("€").age  // "2.1"
    /// ```
    public var age: String? {
        var version: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &version) { u_charAge(c, $0.bindMemory(to: UInt8.self).baseAddress) }
        if version.0 == 0 && version.1 == 0 { return nil }
        return "\(version.0).\(version.1)"
    }

    /// The bidi class short name (`L`, `R`, `AL`, `EN`, `NSM`, …).
    ///
    /// ```swift
    /// ScalarProperties("א").bidiClass  // "R"
    /// ```
    public var bidiClass: String { Self.valueName(UCHAR_BIDI_CLASS, u_getIntPropertyValue(c, UCHAR_BIDI_CLASS)) }

    /// The East Asian width short name (`A`, `F`, `H`, `N`, `Na`, `W`).
    ///
    /// ```swift
    /// ScalarProperties("中").eastAsianWidth  // "W"
    /// ```
    public var eastAsianWidth: String {
        Self.valueName(UCHAR_EAST_ASIAN_WIDTH, u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH))
    }

    /// The canonical combining class (0 for starters, 230 for most accents above).
    ///
    /// ```swift
    /// ScalarProperties("\u{301}").combiningClass  // 230
    /// ```
    public var combiningClass: Int { Int(u_getCombiningClass(c)) }

    /// The numeric value (`Numeric_Value`), `nil` for characters without one.
    ///
    /// ```swift
    /// ScalarProperties("½").numericValue  // 0.5
    /// ```
    public var numericValue: Double? {
        let value = u_getNumericValue(c)
        return value == Double(U_NO_NUMERIC_VALUE) ? nil : value
    }

    /// `Emoji`.
    public var isEmoji: Bool { u_hasBinaryProperty(c, UCHAR_EMOJI) != 0 }
    /// `Emoji_Presentation`.
    public var isEmojiPresentation: Bool { u_hasBinaryProperty(c, UCHAR_EMOJI_PRESENTATION) != 0 }
    /// `Emoji_Modifier`.
    public var isEmojiModifier: Bool { u_hasBinaryProperty(c, UCHAR_EMOJI_MODIFIER) != 0 }
    /// `Emoji_Modifier_Base`.
    public var isEmojiModifierBase: Bool { u_hasBinaryProperty(c, UCHAR_EMOJI_MODIFIER_BASE) != 0 }
    /// `Emoji_Component`.
    public var isEmojiComponent: Bool { u_hasBinaryProperty(c, UCHAR_EMOJI_COMPONENT) != 0 }
    /// `Extended_Pictographic`.
    ///
    /// ```swift
    /// ScalarProperties("😀").isExtendedPictographic  // true
    /// ```
    public var isExtendedPictographic: Bool { u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC) != 0 }

    /// Any binary property by its long or short name (`"Alphabetic"`, `"WSpace"`, `"Emoji"`).
    ///
    /// ```swift
    /// try ScalarProperties(" ").hasBinaryProperty("White_Space")  // true
    /// ```
    /// - Throws: ``TextTransformError/unknownProperty(_:)`` for a name that is not a binary property.
    public func hasBinaryProperty(_ name: String) throws(TextTransformError) -> Bool {
        let property = u_getPropertyEnum(name)
        // Binary properties are numbered from UCHAR_BINARY_START up to the integer properties'
        // UCHAR_INT_START; UCHAR_BINARY_LIMIT grows with each ICU (72 in ICU 72, 76 in ICU 76),
        // so the header, shared by every version, must not carry it.
        guard property >= UCHAR_BINARY_START, property < UCHAR_INT_START, !name.utf8.contains(0) else {
            throw .unknownProperty(name)
        }
        return u_hasBinaryProperty(c, property) != 0
    }

    /// The scalar with a name: the Unicode name, a formal name alias, or ICU's extended
    /// label (`<control-0007>`); matched without regard to ASCII case.
    ///
    /// ```swift
    /// try ScalarProperties.scalar(named: "latin small letter sharp s")  // "ß"
    /// try ScalarProperties.scalar(named: "LATIN CAPITAL LETTER GHA")   // U+01A2 (alias)
    /// ```
    /// - Throws: ``TextTransformError/unknownCharacterName(_:)``.
    public static func scalar(named name: String) throws(TextTransformError) -> Unicode.Scalar {
        let upper = String(decoding: name.utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
        guard !upper.isEmpty, upper.utf8.count < 256, !upper.utf8.contains(0) else { throw .unknownCharacterName(name) }
        for choice in [U_UNICODE_CHAR_NAME, U_CHAR_NAME_ALIAS, U_EXTENDED_CHAR_NAME] {
            if let value = ICU.u_charFromName(choice, upper), let scalar = Unicode.Scalar(UInt32(bitPattern: value)) { return scalar }
        }
        throw .unknownCharacterName(name)
    }

    // MARK: Shared lookups

    static func valueName(_ property: Int32, _ value: Int32, long: Bool = false) -> String {
        guard let name = u_getPropertyValueName(property, value, long ? U_LONG_PROPERTY_NAME : U_SHORT_PROPERTY_NAME) else {
            return ""
        }
        return String(cString: name)
    }

    static func scriptCode(_ script: Int32) -> String {
        guard let name = uscript_getShortName(script) else { return "Zzzz" }
        return String(cString: name)
    }

    /// `Script_Extensions` as ICU script values (at least one: the script itself).
    static func scriptExtensionValues(_ c: Int32) -> [Int32] {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 32) { buffer in
            let count = ICU.uscript_getScriptExtensions(c, buffer.baseAddress, 32)
            guard count > 0 else { return [USCRIPT_UNKNOWN] }
            return Array(buffer[..<Int(count)])
        }
    }
}
