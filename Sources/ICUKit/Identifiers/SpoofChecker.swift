internal import CICU

/// Spoof checking of identifiers (UTS #39, Unicode Security Mechanisms): confusable
/// skeletons, whether two strings are confusable, and the checks of one identifier
/// (restriction level, invisible characters, allowed characters, mixed numbers).
///
/// ```swift
/// let checker = try SpoofChecker()                      // ICU's default configuration
/// try checker.skeleton("раураl")                        // "paypal" (Cyrillic р а у)
/// try checker.areConfusable("paypal", "раураl")         // [.mixedScript]
/// let result = try checker.check("pаypal")              // Cyrillic а among Latin letters
/// result.passed                                         // false
/// result.failures                                       // [.restrictionLevel]
/// result.restrictionLevel                               // .minimallyRestrictive
/// ```
///
/// The default configuration is ICU's (`uspoof_open`): every check on, restriction level
/// highly restrictive, every character allowed. A checker is immutable once made and
/// shared by any number of threads without a lock (see ``SpoofChecker`` `Sendable` notes).
///
/// The corresponding C functions are `uspoof_open`, `uspoof_getSkeletonUTF8`,
/// `uspoof_areConfusableUTF8` and `uspoof_check2UTF8`.
public struct SpoofChecker: Sendable {
    /// The configured checker.
    ///
    /// `Sendable` notes: the `USpoofChecker` is configured in `init` and never changed
    /// after; every later call takes it as `const USpoofChecker *`, which uspoof.h
    /// documents as thread-safe ("functions that take a const USpoofChecker parameter are
    /// thread safe"; the check and confusable functions "may be called concurrently, from
    /// multiple threads, using the same USpoofChecker instance"). The per-call
    /// `USpoofCheckResult`s come from a pool.
    final class Handle: @unchecked Sendable {
        let checker: OpaquePointer
        let results: ICUPool<ICUHandle>
        /// The confusable kinds the caller asked for (ICU's checker always has all three,
        /// which `uspoof_check2` ignores).
        let kinds: Int32
        let checks: Checks

        init(checker: OpaquePointer, checks: Checks) throws(ICUError) {
            self.checker = checker
            self.checks = checks
            kinds = checks.intersection(.confusables).rawValue
            do {
                results = try ICUPool(capacity: 16) { () throws(ICUError) in
                    ICUHandle(try ICU.uspoof_openCheckResult(), close: { uspoof_closeCheckResult($0) })
                }
            } catch {
                uspoof_close(checker)
                throw error
            }
        }

        deinit { uspoof_close(checker) }
    }

    let handle: Handle

    /// The checks this checker runs.
    ///
    /// ```swift
    /// try SpoofChecker().checks == .all  // true
    /// ```
    public var checks: Checks { handle.checks }

    /// A checker with ICU's default configuration, or with the given one.
    ///
    /// ```swift
    /// let strict = try SpoofChecker(restrictionLevel: .singleScript)
    /// let russianOrEnglish = try SpoofChecker(allowedLocales: ["en", "ru"])
    /// let custom = try SpoofChecker(allowedCharacters: UnicodeSet(pattern: "[a-z0-9_]"))
    /// ```
    /// - Parameters:
    ///   - checks: The checks to run (default: all, as ICU).
    ///   - restrictionLevel: The loosest level that passes ``Checks/restrictionLevel``
    ///     (default: highly restrictive, as ICU).
    ///   - allowedLocales: Locales whose scripts' characters are allowed (plus Common and
    ///     Inherited); turns on ``Checks/allowedCharacters``. Empty: no limit.
    ///   - allowedCharacters: The characters allowed; turns on ``Checks/allowedCharacters``.
    ///     Applied after `allowedLocales`, so it replaces their set.
    /// - Throws: ``IdentifierError/unknownLocale(_:)`` for an allowed locale that is
    ///   malformed or that ICU knows no script of (ICU would silently ignore it);
    ///   ``IdentifierError/icu(_:)`` when ICU fails.
    ///
    /// The corresponding C functions are `uspoof_open`, `uspoof_setChecks`,
    /// `uspoof_setRestrictionLevel`, `uspoof_setAllowedLocales` and `uspoof_setAllowedChars`.
    public init(
        checks: Checks = .all, restrictionLevel: RestrictionLevel = .highlyRestrictive,
        allowedLocales: [String] = [], allowedCharacters: UnicodeSet? = nil
    ) throws(IdentifierError) {
        var localeList: [String] = []
        for locale in allowedLocales {
            let trimmed = String(locale.filter { $0 != " " && $0 != "\t" })
            guard !trimmed.isEmpty, !trimmed.contains(","), let id = try? LocaleID(trimmed), id != .root, id.isKnown,
                  Self.hasScript(id.description)
            else { throw .unknownLocale(locale) }
            localeList.append(id.description)
        }
        let checker = try IdentifierError.wrapping { () throws(ICUError) in try ICU.uspoof_open() }
        var effective = checks
        if !localeList.isEmpty || allowedCharacters != nil { effective.insert(.allowedCharacters) }
        do throws(ICUError) {
            // ICU's checker always has the three confusable kinds (areConfusable refuses to run
            // without one); the asked kinds filter its answer.
            try withExtendedLifetime(allowedCharacters) { () throws(ICUError) in
                try ICU.uspoof_configure(
                    checker, checks: effective.union(.confusables).rawValue | USPOOF_AUX_INFO, restrictionLevel: restrictionLevel.rawValue,
                    allowedLocales: localeList.isEmpty ? nil : localeList.joined(separator: ","), allowedChars: allowedCharacters?.frozenHandle
                )
            }
        } catch {
            uspoof_close(checker)
            throw .icu(error)
        }
        do { handle = try Handle(checker: checker, checks: effective) } catch { throw .icu(error) }
    }

    /// Whether ICU derives at least one script from `locale` (`uscript_getCode`), as
    /// `uspoof_setAllowedLocales` does.
    private static func hasScript(_ locale: String) -> Bool {
        var codes = [Int32](repeating: 0, count: 8)
        let count = codes.withUnsafeMutableBufferPointer { ICU.uscript_getCode(locale, $0) }
        return (count ?? 0) > 0
    }

    /// The UTS #39 skeleton of `text` (NFD, each character replaced by its prototype from
    /// confusables.txt, NFD again): two strings are confusable when their skeletons are equal.
    ///
    /// ```swift
    /// try SpoofChecker().skeleton("ｇｏｏｇｌｅ")  // "google"
    /// try SpoofChecker().skeleton("paypal")      // "paypal"
    /// ```
    /// - Throws: ``IdentifierError/inputTooLong(_:)`` past `Int32.max` UTF-8 bytes.
    ///
    /// The corresponding C function is `uspoof_getSkeletonUTF8`.
    public func skeleton(_ text: String) throws(IdentifierError) -> String {
        try withUTF8Buffer(text) { bytes throws(IdentifierError) in try skeleton(validUTF8: bytes) }
    }

    /// The skeleton of UTF-8 bytes that may be ill-formed.
    ///
    /// ```swift
    /// try SpoofChecker().skeleton(utf8: Array("ｇｏ".utf8))  // "go"
    /// ```
    /// - Throws: ``IdentifierError/invalidUTF8(_:)`` with the offset of the first bad byte
    ///   (checked before ICU sees the bytes); ``IdentifierError/inputTooLong(_:)``.
    public func skeleton<Bytes: Collection>(utf8 bytes: Bytes) throws(IdentifierError) -> String where Bytes.Element == UInt8 {
        try skeleton(Self.decode(bytes))
    }

    /// The skeleton of valid UTF-8.
    func skeleton(validUTF8 bytes: UnsafeBufferPointer<UInt8>) throws(IdentifierError) -> String {
        let length = try Self.length(bytes.count)
        let checker = handle.checker
        let capacity = min(max(64, bytes.count * 3 + 16), Int(Int32.max))
        return try IdentifierError.wrapping { () throws(ICUError) in
            try withExtendedLifetime(handle) { () throws(ICUError) in
                try ICU.uspoof_getSkeletonUTF8(checker, bytes, length: length, capacity: capacity)
            }
        }
    }

    /// Whether `first` and `second` are confusable, and how (the kinds this checker's
    /// ``checks`` include): empty when their skeletons differ.
    ///
    /// ```swift
    /// let checker = try SpoofChecker()
    /// try checker.areConfusable("paypal", "раураl")  // [.mixedScript] (раураl mixes Cyrillic and Latin l)
    /// try checker.areConfusable("scope", "ѕсоре")    // [.mixedScript, .wholeScript]
    /// try checker.areConfusable("rn", "m")           // [.singleScript]
    /// try checker.areConfusable("cat", "dog")        // []
    /// ```
    /// - Throws: ``IdentifierError/inputTooLong(_:)`` past `Int32.max` UTF-8 bytes.
    ///
    /// The corresponding C function is `uspoof_areConfusableUTF8`.
    public func areConfusable(_ first: String, _ second: String) throws(IdentifierError) -> ConfusableKinds {
        let checker = handle.checker
        let bits = try withUTF8Buffer(first) { a throws(IdentifierError) in
            try withUTF8Buffer(second) { b throws(IdentifierError) in
                let lengthA = try Self.length(a.count), lengthB = try Self.length(b.count)
                return try withExtendedLifetime(handle) { () throws(IdentifierError) in
                    try IdentifierError.wrapping { () throws(ICUError) in
                        try ICU.uspoof_areConfusableUTF8(checker, a, lengthA, b, lengthB)
                    }
                }
            }
        }
        return ConfusableKinds(rawValue: bits & handle.kinds)
    }

    /// ``areConfusable(_:_:)`` on UTF-8 bytes that may be ill-formed.
    ///
    /// ```swift
    /// try SpoofChecker().areConfusable(utf8: Array("rn".utf8), Array("m".utf8))  // [.singleScript]
    /// ```
    /// - Throws: ``IdentifierError/invalidUTF8(_:)`` (offset in the string that has it).
    public func areConfusable<Bytes: Collection>(utf8 first: Bytes, _ second: Bytes) throws(IdentifierError) -> ConfusableKinds where Bytes.Element == UInt8 {
        try areConfusable(Self.decode(first), Self.decode(second))
    }

    /// Checks one identifier: which enabled checks fail, the restriction level it reaches
    /// and its resolved scripts.
    ///
    /// ```swift
    /// let checker = try SpoofChecker()
    /// try checker.check("paypal").passed                             // true
    /// try checker.check("pаypal").failures                           // [.restrictionLevel]
    /// try checker.check("abc日本語カナ").restrictionLevel              // .highlyRestrictive
    /// try checker.check("a1\u{9E8}").failures.contains(.mixedNumbers) // true
    /// ```
    /// - Throws: ``IdentifierError/inputTooLong(_:)`` past `Int32.max` UTF-8 bytes.
    ///
    /// The corresponding C functions are `uspoof_check2UTF8`, `uspoof_getCheckResultChecks`,
    /// `uspoof_getCheckResultRestrictionLevel` and `uspoof_getCheckResultNumerics`.
    public func check(_ identifier: String) throws(IdentifierError) -> CheckResult {
        let checker = handle.checker
        let raw: (Int32, Int32, [Unicode.Scalar]) = try withUTF8Buffer(identifier) { bytes throws(IdentifierError) in
            let length = try Self.length(bytes.count)
            return try handle.results.withObject { result throws(IdentifierError) in
                try withExtendedLifetime(handle) { () throws(IdentifierError) in
                    let (checks, level, set) = try IdentifierError.wrapping { () throws(ICUError) in
                        try ICU.uspoof_check2UTF8(checker, bytes, length: length, result: result.pointer)
                    }
                    var numerics: [Unicode.Scalar] = []
                    if let set, uset_size(set) > 0 {
                        // A set of single code points: read them through its ranges.
                        for item in 0..<uset_getItemCount(set) {
                            guard let range = ICU.uset_getItem(set, item) else { continue }
                            for value in range { if let scalar = Unicode.Scalar(UInt32(bitPattern: value)) { numerics.append(scalar) } }
                        }
                    }
                    return (checks, level, numerics)
                }
            }
        }
        // ICU sets the restriction-level bit whenever it computed the level (AUX_INFO),
        // even with that check off; `uspoof_check` masks by the enabled checks, so do we.
        let failures = Checks(rawValue: raw.0 & USPOOF_ALL_CHECKS).intersection(handle.checks).subtracting(.confusables)
        return CheckResult(
            failures: failures, restrictionLevel: RestrictionLevel(rawValue: raw.1),
            identifier: identifier, numerics: raw.2
        )
    }

    /// ``check(_:)`` on UTF-8 bytes that may be ill-formed.
    ///
    /// ```swift
    /// try SpoofChecker().check(utf8: [0x61, 0xFF])  // throws .invalidUTF8 (byte offset 1)
    /// ```
    /// - Throws: ``IdentifierError/invalidUTF8(_:)`` with the offset of the first bad byte.
    public func check<Bytes: Collection>(utf8 bytes: Bytes) throws(IdentifierError) -> CheckResult where Bytes.Element == UInt8 {
        try check(Self.decode(bytes))
    }

    /// `bytes` as a `String`, or the offset of the first ill-formed byte.
    static func decode<Bytes: Collection>(_ bytes: Bytes) throws(IdentifierError) -> String where Bytes.Element == UInt8 {
        do { return try UTF8Decoding.decode(bytes) } catch { throw .invalidUTF8(error) }
    }

    /// A UTF-8 length as ICU's `int32_t`.
    @inline(__always)
    static func length(_ count: Int) throws(IdentifierError) -> Int32 {
        guard count <= Int(Int32.max) else {
            throw .inputTooLong(InputTooLongError(length: count, limit: Int(Int32.max), unit: "UTF-8 bytes"))
        }
        return Int32(count)
    }
}
