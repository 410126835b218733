internal import CICU

/// A language's quotation marks, standard and alternate (nested).
///
/// ```swift
/// let quotes = LocaleID("fr").quotationMarks
/// quotes.start + "bonjour" + quotes.end   // "«bonjour»"
/// ```
public struct QuotationMarks: Sendable, Hashable {
    /// The opening quotation mark (`“` in English, `«` in French, `「` in Japanese).
    public let start: String
    /// The closing quotation mark.
    public let end: String
    /// The opening mark of a quotation inside a quotation (`‘`, `“`, `『`).
    public let alternateStart: String
    /// The closing mark of a nested quotation.
    public let alternateEnd: String
}

/// The system of measurement a locale uses.
public enum MeasurementSystem: String, Sendable, Hashable, CaseIterable {
    /// SI units.
    case metric
    /// US customary units.
    case us
    /// The UK mix (miles, pints, stones with metric).
    case uk
}

/// The name styles of a currency.
public enum CurrencyNameStyle: Sendable, Hashable, CaseIterable {
    /// The locale's symbol (`CN¥` in English, `¥` in Chinese).
    case symbol
    /// The narrow symbol (`¥`).
    case narrowSymbol
    /// The display name (`Chinese Yuan`, `yuan renminbi chinois`, `人民币`).
    case name

    var icu: Int32 {
        switch self {
        case .symbol: UCURR_SYMBOL_NAME
        case .narrowSymbol: UCURR_NARROW_SYMBOL_NAME
        case .name: UCURR_LONG_NAME
        }
    }
}

extension LocaleID {
    /// The quotation marks of this locale's language.
    ///
    /// ```swift
    /// LocaleID("ja").quotationMarks.start   // "「"
    /// ```
    /// The corresponding C function is `ulocdata_getDelimiter`.
    public var quotationMarks: QuotationMarks {
        guard let data = try? ICU.ulocdata_open(identifier) else {
            return QuotationMarks(start: "“", end: "”", alternateStart: "‘", alternateEnd: "’")
        }
        defer { ulocdata_close(data) }
        func delimiter(_ type: Int32, _ fallback: String) -> String {
            (try? ICU.ulocdata_getDelimiter(data, type)) ?? fallback
        }
        return QuotationMarks(
            start: delimiter(ULOCDATA_QUOTATION_START, "“"), end: delimiter(ULOCDATA_QUOTATION_END, "”"),
            alternateStart: delimiter(ULOCDATA_ALT_QUOTATION_START, "‘"), alternateEnd: delimiter(ULOCDATA_ALT_QUOTATION_END, "’"))
    }

    /// The measurement system of this locale's region (the likely region when none is
    /// given; a `ms`/`-u-ms-` keyword overrides it).
    ///
    /// ```swift
    /// LocaleID("en-US").measurementSystem   // .us
    /// LocaleID("en-GB").measurementSystem   // .uk
    /// ```
    /// The corresponding C function is `ulocdata_getMeasurementSystem`.
    public var measurementSystem: MeasurementSystem {
        // Where ICU fails it answers UMS_LIMIT, which is metric here too.
        switch (try? ICU.ulocdata_getMeasurementSystem(identifier)) ?? UMS_SI {
        case UMS_US: return .us
        case UMS_UK: return .uk
        default: return .metric
        }
    }

    /// The paper size of this locale's region in millimetres: A4 (297 × 210) or US
    /// Letter (279 × 216).
    ///
    /// ```swift
    /// LocaleID("en-US").paperSize   // (height: 279, width: 216)
    /// ```
    /// The corresponding C function is `ulocdata_getPaperSize`.
    public var paperSize: (height: Int, width: Int) {
        guard let size = try? ICU.ulocdata_getPaperSize(identifier) else { return (297, 210) }
        return (Int(size.height), Int(size.width))
    }

    /// The first day of the week, 1 (Sunday) … 7 (Saturday): 1 in the US, 2 in France,
    /// 7 in Egypt; a `fw` keyword (`en-US-u-fw-mon`) overrides it.
    ///
    /// ```swift
    /// LocaleID("fr-FR").firstWeekday   // 2
    /// ```
    /// The corresponding C functions are `ucal_open` and `ucal_getAttribute`.
    public var firstWeekday: Int {
        // ICU 72's calendars ignore the `fw` keyword.
        if let fw = keywordValue("fw"), let day = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].firstIndex(of: fw.lowercased()) {
            return day + 1
        }
        let utc: [UInt16] = Array("UTC".utf16)
        guard let calendar = utc.withUnsafeBufferPointer({ try? ICU.ucal_open($0, identifier, UCAL_GREGORIAN) }) else { return 1 }
        defer { ucal_close(calendar) }
        return Int(ucal_getAttribute(calendar, UCAL_FIRST_DAY_OF_WEEK))
    }

    /// The ISO 4217 code of this locale's currency (`EUR` for `de_AT`; a `currency`
    /// keyword wins: `ur_IN@currency=USD` → `USD`; without a region, the likely region's),
    /// or `nil` when ICU knows none.
    ///
    /// ```swift
    /// LocaleID("ur_IN@calendar=islamic;currency=USD").currencyCode   // "USD"
    /// ```
    /// The corresponding C function is `ucurr_forLocale`.
    public var currencyCode: String? {
        // Without a region, the likely one (fr → fr_Latn_FR → EUR).
        for candidate in region.isEmpty ? [identifier, maximized.identifier] : [identifier] {
            if let code = try? ICU.ucurr_forLocale(candidate), !code.isEmpty { return code }
        }
        return nil
    }

    /// The name of the currency with ISO code `code` in this locale: "Chinese Yuan"
    /// (en), "yuan renminbi chinois" (fr), "人民币" (zh).
    ///
    /// ```swift
    /// LocaleID("zh").currencyName("CNY")                    // "人民币"
    /// LocaleID("en").currencyName("CNY", style: .symbol)    // "CN¥"
    /// ```
    /// - Throws: ``LocaleError/unknownCurrency(_:)`` for a code that is not three ASCII
    ///   letters or that ICU does not know.
    ///
    /// The corresponding C function is `ucurr_getName`.
    public func currencyName(_ code: String, style: CurrencyNameStyle = .name) throws(LocaleError) -> String {
        let upper = code.uppercased()
        guard upper.utf8.count == 3, upper.utf8.allSatisfy({ (0x41...0x5A).contains($0) }) else {
            throw LocaleError.unknownCurrency(code)
        }
        var units = Array(upper.utf16)
        units.append(0)
        let known = (try? ICU.ucurr_isAvailable(units, from: -Double.greatestFiniteMagnitude, to: Double.greatestFiniteMagnitude)) ?? false
        guard known else { throw LocaleError.unknownCurrency(code) }
        let name = units.withUnsafeBufferPointer { buffer in
            (try? ICU.ucurr_getName(buffer.baseAddress!, identifier.isEmpty ? "en" : identifier, style.icu)) ?? nil
        }
        guard let name else { throw LocaleError.unknownCurrency(code) }
        return name
    }
}
