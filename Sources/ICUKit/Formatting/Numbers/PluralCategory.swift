internal import CICU

/// A CLDR plural category.
///
/// ```swift
/// try PluralRules(locale: LocaleID("cy")).categories   // [.zero, .one, .two, .few, .many, .other]
/// ```
public enum PluralCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    /// `zero` (Arabic 0, Welsh 0, Latvian 0, 10–20, …).
    case zero
    /// `one` (English 1, French 0–1.x, Russian 1, 21, 31, …).
    case one
    /// `two` (Arabic, Hebrew, Welsh 2).
    case two
    /// `few` (Russian and Polish 2–4, 22–24, …; Welsh 3).
    case few
    /// `many` (Russian 5–20, 25–30, …; Welsh 6; Arabic 11–99).
    case many
    /// `other`: every language's default form.
    case other

    /// The category named by an ICU keyword in UTF-16 (`nil` for anything else).
    init?(utf16 keyword: UnsafeBufferPointer<UInt16>) {
        switch (keyword.count, keyword.first) {
        case (4, UInt16(UInt8(ascii: "z"))): self = .zero
        case (3, UInt16(UInt8(ascii: "o"))): self = .one
        case (3, UInt16(UInt8(ascii: "t"))): self = .two
        case (3, UInt16(UInt8(ascii: "f"))): self = .few
        case (4, UInt16(UInt8(ascii: "m"))): self = .many
        case (5, UInt16(UInt8(ascii: "o"))): self = .other
        default: return nil
        }
    }

    /// CLDR order: zero < one < two < few < many < other.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
