import ICUKit

/// Expectations that differ between the ICU versions the suite is run against (issue 17).
/// ICU 72 (Debian 12) carries Unicode 15.0 and CLDR 42; ICU 76 (Debian 13, Fedora, the ICU
/// that Foundation on Linux bundles) carries Unicode 16.0 and CLDR 46. Where a test asserts a
/// CLDR string or a conformance-file count that changed between them, it names both values
/// through `PerICU.value(icu72:icu76:)`, and the change is listed here:
///
/// - Arabic (`ar`) uses Latin digits by default since CLDR 44 ("1,234.5", not "١٬٢٣٤٫٥");
///   `ar_SA` keeps Arabic-Indic digits.
/// - Saudi Arabia (`ar_SA`) prefers the Gregorian calendar since CLDR 44 (it was
///   islamic-umalqura), so its date styles show "٣ يونيو ٢٠٢٦", not "١٧ ذو الحجة ١٤٤٧ هـ".
/// - French `person-height` gives "1 m et 80 cm" (CLDR 46), not "180 cm".
/// - The display name of the `islamic` calendar is "Hijri Calendar" (was "Islamic Calendar").
/// - Conformance files: ICU 76's own copies (Unicode 16.0 break tests with CLDR's grapheme
///   variant, ICU's BidiCharacterTest, CLDR 46 collation tests) have other line counts, and
///   ICU 76 passes the line-break cases ICU 72 listed as known issues (ICU-21097).
enum PerICU {
    /// The major version of the ICU the tests run against (72, 76, …).
    static let major = Int(ICUVersion.icu.prefix { $0 != "." }) ?? 0

    /// `icu72` before ICU 76, `icu76` from ICU 76 on.
    static func value<T>(icu72: T, icu76: T) -> T { major >= 76 ? icu76 : icu72 }
}
