internal import CICU
internal import CICUTranslit

/// The ICU C edge of ``Transliterator``: open, clone, invert and run `UTransliterator`s.
enum TransliteratorEngine {
    typealias Raw = OpaquePointer


    static func owned(_ pointer: Raw) -> ICUHandle {
        ICUHandle(pointer) { utrans_close($0) }
    }

    /// Opens a system (compound) ID, or custom `rules` (then `id` is only a name).
    static func open(id: String, rules: String?, reverse: Bool) throws(TextTransformError) -> ICUHandle {
        if rules == nil {
            // ICU opens "" and IDs made only of separators as the identity: not a real ID.
            guard id.unicodeScalars.contains(where: { !($0 == ";" || $0 == " " || $0 == "\t" || $0 == "\n") }),
                  !id.utf8.contains(0), id.utf8.count < 4096, !hasUnclosedParenthesis(id)
            else { throw .unknownTransliterator(id) }
        }
        if let rules, let offset = outputSegmentBeforeBackReference(rules) {
            let units = Array(rules.utf16)
            let line = 1 + units[..<offset].lazy.filter { $0 == 0x0A }.count
            let context = String(decoding: units[offset..<min(units.count, offset + 16)], as: UTF16.self)
            throw .invalidRules(rules, line: line, offset: offset, context: context)
        }
        if let rules { try Transliterator.checkSegmentReferences(rules) }
        if let rules, rules.utf16.count >= Int(Int32.max) {
            throw .inputTooLong(InputTooLongError(length: rules.utf16.count, limit: Int(Int32.max) - 1, unit: "UTF-16 code units"))
        }
        let idUnits = Array(id.utf16)
        let ruleUnits = rules.map { Array($0.utf16) }
        let direction = reverse ? UTRANS_REVERSE : UTRANS_FORWARD
        let opened: Result<Raw, ICU.TransliteratorOpenFailure> = idUnits.withUnsafeBufferPointer { idBuffer in
            if let ruleUnits {
                return ruleUnits.withUnsafeBufferPointer { ruleBuffer in
                    Result { () throws(ICU.TransliteratorOpenFailure) in try ICU.utrans_openU(idBuffer, direction, rules: ruleBuffer) }
                }
            }
            return Result { () throws(ICU.TransliteratorOpenFailure) in try ICU.utrans_openU(idBuffer, direction, rules: nil) }
        }
        switch opened {
        case .success(let opened):
            return owned(opened)
        case .failure(let failure):
            let parseError = failure.parseError
            if let rules {
                let context = withUnsafeBytes(of: parseError.preContext) { Self.text($0) }
                    + withUnsafeBytes(of: parseError.postContext) { Self.text($0) }
                // ICU reports the UTF-16 offset in the whole rule text (and line 0): the line
                // is counted here, so the error names the line of the bad rule.
                let offset = parseError.offset >= 0 ? Int(parseError.offset) : nil
                var line = parseError.line > 0 ? Int(parseError.line) : nil
                if line == nil, let offset, let units = ruleUnits, offset <= units.count {
                    line = 1 + units[..<offset].lazy.filter { $0 == 0x0A }.count
                }
                throw .invalidRules(rules, line: line, offset: offset, context: context)
            }
            if failure.isUnknownID { throw .unknownTransliterator(id) }
            throw .icu(ICUError(failure.error.code, operation: "utrans_openU(\(id))"))
        }
    }

    /// Whether an ID element opens an inverse `(…` without closing it, opens a second one
    /// inside it, or closes one it never opened (ignoring `[…]` filters). ICU 72 refuses
    /// such IDs but leaks 272 bytes each time (plain C `utrans_openU` on "A(B" or "(A(B)"
    /// leaks the same), so they are refused here.
    static func hasUnclosedParenthesis(_ id: String) -> Bool {
        var setDepth = 0, open = false, escaped = false
        for scalar in id.unicodeScalars {
            if escaped { escaped = false; continue }
            switch scalar {
            case "\\": escaped = true
            case "[": setDepth += 1
            case "]": if setDepth > 0 { setDepth -= 1 }
            case "(" where setDepth == 0:
                if open { return true }  // "(A(B)": no nesting in ID syntax, and ICU leaks on it
                open = true
            case ")" where setDepth == 0:
                if !open { return true }  // a stray ")": ICU refuses it and leaks the same way
                open = false
            case ";" where setDepth == 0: if open { return true }
            default: break
            }
        }
        return open
    }

    /// The UTF-16 offset of a `(` after a rule's operator (`>`, `<>`, `→`, `↔`) that a
    /// back-reference (`$1`…`$9`) follows in the same output, or nil. Segments belong before
    /// the operator; ICU 72 crashes (SIGSEGV in `~TransliterationRule` from
    /// `TransliterationRuleSet::addRule`) on rules such as `a > ($2` or `a <> ($1$2`, also
    /// through plain C `utrans_openU`, so such rules are refused here. Quotes, escapes, sets, comments and function calls (`&Any-Upper($1)`) are skipped.
    static func outputSegmentBeforeBackReference(_ rules: String) -> Int? {
        var quoted = false, escaped = false, comment = false, setDepth = 0
        var output = false, function = false, segment: Int?
        var previous: UInt16 = 0
        var offset = 0
        for unit in rules.utf16 {
            defer { previous = unit; offset += 1 }
            if comment {
                if unit == 0x0A || unit == 0x0D { comment = false }
                continue
            }
            if escaped { escaped = false; continue }
            if quoted {
                if unit == 0x27 { quoted = false }
                continue
            }
            switch unit {
            case 0x5C: escaped = true  // \
            case 0x27 where setDepth == 0: quoted = true  // ' (inside a set, a character)
            case 0x5B: setDepth += 1  // [
            case 0x5D: if setDepth > 0 { setDepth -= 1 }  // ]
            default: break
            }
            if setDepth > 0 || unit == 0x5C || unit == 0x27 || unit == 0x5D { continue }
            switch unit {
            case 0x23: comment = true  // #
            case 0x3B:  // ; ends the rule
                output = false; function = false; segment = nil
            case 0x3E, 0x2192, 0x2194:  // >, →, ↔ (and the > of <>)
                output = true
            case 0x26: if output { function = true }  // &Name( opens a function call
            case 0x28 where output:  // (
                if function { function = false } else if segment == nil { segment = offset }
            case 0x31...0x39 where output && previous == 0x24:  // $1…$9
                if let segment { return segment }
            default: break
            }
        }
        return nil
    }

    /// The NUL-terminated UTF-16 in a fixed-size context array.
    private static func text(_ raw: UnsafeRawBufferPointer) -> String {
        let units = raw.bindMemory(to: UInt16.self)
        let length = units.firstIndex(of: 0) ?? units.count
        return String(decoding: units[..<length], as: UTF16.self)
    }

    static func cloneOrThrow(_ template: OpaquePointer) throws(ICUError) -> ICUHandle {
        owned(try ICU.utrans_clone(template))
    }

    static func clone(_ template: OpaquePointer) throws(TextTransformError) -> ICUHandle {
        do { return try cloneOrThrow(template) } catch { throw .icu(error) }
    }

    static func unicodeID(_ handle: OpaquePointer) -> String {
        var length: Int32 = 0
        guard let units = utrans_getUnicodeID(handle, &length) else { return "" }
        return UTF16Transcoding.string(UnsafeBufferPointer(start: units, count: Int(length)))
    }

    /// How far a transliteration may grow its text, in UTF-16 code units: 256 times the
    /// input's length plus 65,536 (ICU's longest one-character expansions, such as
    /// `Any-Name`, are under 100), below ICU's `Int32` limit.
    static func maximumLength(forUTF8Count count: Int) -> Int {
        min(Int(Int32.max) - 1, count.multipliedReportingOverflow(by: 256).overflow ? Int(Int32.max) : count * 256 + 65_536)
    }

    /// Transliterates `text` with a handle used by this thread alone.
    static func transliterate(_ text: String, with handle: OpaquePointer) throws(TextTransformError) -> String {
        var text = text
        let outcome: Result<String, TextTransformError> = text.withUTF8 { utf8 in
            do throws(TextTransformError) { return .success(try transliterate(utf8, with: handle)) } catch { return .failure(error) }
        }
        return try outcome.get()
    }

    /// The text goes from UTF-8 into a gap buffer the C++ target CICUTranslit owns, which ICU
    /// transliterates in place through `icu::Replaceable`: replacements cost their own length
    /// instead of moving the whole tail of the text (utrans_transUChars on a UnicodeString
    /// takes time quadratic in the length of a long line), and the text may grow only to
    /// ``maximumLength(forUTF8Count:)``, the elements of a compound visiting at most 16 times
    /// that many units in all (rules such as `a > |aa;` in k `::Null;` phases grow a text
    /// 17^k times): past either, ``TextTransformError/outputTooLarge(limit:)``.
    private static func transliterate(_ utf8: UnsafeBufferPointer<UInt8>, with handle: OpaquePointer) throws(TextTransformError) -> String {
        if utf8.isEmpty { return "" }
        // UTF-16 never has more units than UTF-8 has bytes.
        guard utf8.count < Int(Int32.max) / 4 else {
            throw .inputTooLong(InputTooLongError(length: utf8.count, limit: Int(Int32.max) / 4, unit: "UTF-8 bytes"))
        }
        let maximum = maximumLength(forUTF8Count: utf8.count)
        let (result, outcome) = try TextTransformError.wrapping { () throws(ICUError) in
            try ICU.icukit_transliterate(handle, utf8, maxLength: Int32(maximum), maxWork: Int64(maximum) * 16)
        }
        defer { icukit_translit_free(result) }
        if outcome == Int32(ICUKIT_TRANSLIT_TOO_LARGE) { throw .outputTooLarge(limit: maximum) }
        var length: Int32 = 0
        let units = icukit_translit_units(result, &length)
        return UTF16Transcoding.string(UnsafeBufferPointer(start: units, count: Int(length)))
    }

    /// Every system transliterator ID, as `utrans_openIDs` lists them.
    static func availableIDs() -> [String] {
        ICU.utrans_openIDs()
    }
}
