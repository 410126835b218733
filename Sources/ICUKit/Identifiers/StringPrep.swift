internal import CICU

/// String preparation (RFC 3454 "stringprep") with the profiles ICU ships: SASLprep for
/// user names and passwords (SCRAM, as PostgreSQL and MongoDB clients need it),
/// nameprep (IDNA2003), the XMPP nodeprep and resourceprep, trace, LDAP, iSCSI, NFSv4
/// and MIB.
///
/// ```swift
/// let sasl = try StringPrep(.saslprep)
/// try sasl.prepare("I\u{AD}X")        // "IX" (soft hyphen mapped to nothing)
/// try sasl.prepare("user\u{A0}name")  // "user name" (no-break space mapped to space)
/// try sasl.prepare("\u{7}")           // throws .prohibited(U+0007, utf8Offset: 0)
/// ```
///
/// `Sendable` notes: `usprep_prepare` takes a `const UStringPrepProfile *` and only reads
/// it; ICU itself hands one cached profile object to every caller of `usprep_open`
/// (reference-counted), so each profile is opened once and shared by all threads.
///
/// The corresponding C functions are `usprep_openByType` and `usprep_prepare`.
public struct StringPrep: Sendable, Hashable {
    /// The stringprep profiles of ICU (`UStringPrepProfileType`), by a short lowercase name.
    ///
    /// ```swift
    /// StringPrep.Profile(rawValue: "saslprep")  // .saslprep
    /// StringPrep.Profile.allCases.count         // 14
    /// ```
    public enum Profile: String, Sendable, Hashable, CaseIterable {
        /// RFC 3491 nameprep (IDNA2003 labels).
        case nameprep
        /// RFC 3530 NFSv4 case-sensitive `nfs4_cs_prep`.
        case nfs4CSPrep = "nfs4-cs-prep"
        /// RFC 3530 NFSv4 `nfs4_cs_prep` with case folding.
        case nfs4CSPrepCI = "nfs4-cs-prep-ci"
        /// RFC 3530 NFSv4 case-insensitive `nfs4_cis_prep`.
        case nfs4CISPrep = "nfs4-cis-prep"
        /// RFC 3530 NFSv4 mixed `nfs4_mixed_prep`, the prefix part.
        case nfs4MixedPrefix = "nfs4-mixed-prefix"
        /// RFC 3530 NFSv4 mixed `nfs4_mixed_prep`, the suffix part.
        case nfs4MixedSuffix = "nfs4-mixed-suffix"
        /// RFC 3722 iSCSI names.
        case iscsi
        /// RFC 3920 XMPP nodeprep (the local part of a JID).
        case nodeprep
        /// RFC 3920 XMPP resourceprep (the resource of a JID).
        case resourceprep
        /// RFC 4011 MIB (SNMP policy) names.
        case mib
        /// RFC 4013 SASLprep (user names and passwords).
        case saslprep
        /// RFC 4505 trace (anonymous SASL trace information).
        case trace
        /// RFC 4518 LDAP internationalized string preparation.
        case ldap
        /// RFC 4518 LDAP, case-insensitive (case folded).
        case ldapCaseInsensitive = "ldap-ci"

        var icuType: Int32 {
            switch self {
            case .nameprep: USPREP_RFC3491_NAMEPREP
            case .nfs4CSPrep: USPREP_RFC3530_NFS4_CS_PREP
            case .nfs4CSPrepCI: USPREP_RFC3530_NFS4_CS_PREP_CI
            case .nfs4CISPrep: USPREP_RFC3530_NFS4_CIS_PREP
            case .nfs4MixedPrefix: USPREP_RFC3530_NFS4_MIXED_PREP_PREFIX
            case .nfs4MixedSuffix: USPREP_RFC3530_NFS4_MIXED_PREP_SUFFIX
            case .iscsi: USPREP_RFC3722_ISCSI
            case .nodeprep: USPREP_RFC3920_NODEPREP
            case .resourceprep: USPREP_RFC3920_RESOURCEPREP
            case .mib: USPREP_RFC4011_MIB
            case .saslprep: USPREP_RFC4013_SASLPREP
            case .trace: USPREP_RFC4505_TRACE
            case .ldap: USPREP_RFC4518_LDAP
            case .ldapCaseInsensitive: USPREP_RFC4518_LDAP_CI
            }
        }
    }

    /// The options of one preparation.
    ///
    /// ```swift
    /// let query = StringPrep.Options(allowUnassigned: true)
    /// ```
    public struct Options: Sendable, Hashable {
        /// Let code points unassigned in Unicode 3.2 through (RFC 3454 §7 "queries");
        /// stored strings must not allow them (the default).
        public var allowUnassigned: Bool

        /// Options; unassigned code points are refused unless `allowUnassigned`.
        ///
        /// ```swift
        /// let stored = StringPrep.Options()
        /// ```
        public init(allowUnassigned: Bool = false) { self.allowUnassigned = allowUnassigned }
    }

    /// The profile.
    public let profile: Profile
    let handle: StringPrepHandle

    /// The preparation of `profile` (ICU's profile data is loaded once and shared).
    ///
    /// ```swift
    /// let nodeprep = try StringPrep(.nodeprep)
    /// ```
    /// - Throws: ``IdentifierError/icu(_:)`` if ICU cannot load the profile's data.
    public init(_ profile: Profile) throws(IdentifierError) {
        self.profile = profile
        self.handle = try StringPrepHandle.handle(profile)
    }

    /// Preparations are equal when their profiles are.
    public static func == (lhs: StringPrep, rhs: StringPrep) -> Bool { lhs.profile == rhs.profile }

    /// Hashes the profile.
    public func hash(into hasher: inout Hasher) { hasher.combine(profile) }

    /// `text` prepared by the profile: mapped, normalized, and checked for prohibited
    /// characters and the bidi rule.
    ///
    /// ```swift
    /// try StringPrep(.nameprep).prepare("CAFÉ")  // "café"
    /// ```
    /// - Throws: ``IdentifierError/prohibited(_:utf8Offset:)``,
    ///   ``IdentifierError/unassigned(_:utf8Offset:)`` and ``IdentifierError/bidi(_:utf8Offset:)``
    ///   naming the input's character and its UTF-8 byte offset;
    ///   ``IdentifierError/inputTooLong(_:)`` past 2³¹−1 UTF-16 code units.
    /// The corresponding C function is `usprep_prepare`.
    public func prepare(_ text: String, options: Options = Options()) throws(IdentifierError) -> String {
        try withUTF8Buffer(text) { (bytes) throws(IdentifierError) in try prepare(bytes, options) }
    }

    /// UTF-8 bytes prepared by the profile, checked first.
    ///
    /// ```swift
    /// try StringPrep(.saslprep).prepare(utf8: Array("user".utf8))  // "user"
    /// ```
    /// - Throws: ``IdentifierError/invalidUTF8(_:)`` with the offset of the first bad byte,
    ///   and the errors of ``prepare(_:options:)``.
    public func prepare<Bytes: Collection>(utf8 bytes: Bytes, options: Options = Options()) throws(IdentifierError) -> String where Bytes.Element == UInt8 {
        let text: String
        do { text = try UTF8Decoding.decode(bytes) } catch { throw .invalidUTF8(error) }
        return try prepare(text, options: options)
    }

    // MARK: Internals

    private func prepare(_ bytes: UnsafeBufferPointer<UInt8>, _ options: Options) throws(IdentifierError) -> String {
        // UTF-16 is never longer than UTF-8 in code units.
        if bytes.count > Int(Int32.max) {
            let units = String(decoding: bytes, as: UTF8.self).utf16.count
            if units > Int(Int32.max) {
                throw .inputTooLong(InputTooLongError(length: units, limit: Int(Int32.max), unit: "UTF-16 code units"))
            }
        }
        let flags = options.allowUnassigned ? USPREP_ALLOW_UNASSIGNED : USPREP_DEFAULT
        let result: Result<String, IdentifierError> = withUTF16(bytes) { units in
            switch handle.prepare(units, flags) {
            case .success(let output): return .success(output)
            case .failure(let failure):
                return .failure(locate(failure, bytes: bytes, units: units, flags: flags))
            }
        }
        return try result.get()
    }

    /// The typed error for ICU's failure: unassigned code points are reported at their
    /// offset in the input; prohibited characters and bidi failures are found by ICU in
    /// the mapped and normalized text, so the input character is found by bisecting the
    /// input (at scalar boundaries) for the shortest prefix that fails the same way.
    private func locate(_ failure: ICU.StringPrepFailure, bytes: UnsafeBufferPointer<UInt8>, units: UnsafeBufferPointer<UInt16>, flags: Int32) -> IdentifierError {
        let icuError = ICUError(failure.error.code, operation: "usprep_prepare(\(profile.rawValue))")
        guard let kind = failure.kind else { return .icu(icuError) }
        // Scalar boundaries: UTF-16 offset and UTF-8 offset of each scalar.
        var utf16Starts: [Int] = []
        var utf8Starts: [Int] = []
        var scalars: [Unicode.Scalar] = []
        var u16 = 0, u8 = 0
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            utf16Starts.append(u16)
            utf8Starts.append(u8)
            scalars.append(scalar)
            u16 += scalar.utf16.count
            u8 += scalar.utf8.count
        }
        if scalars.isEmpty { return .icu(icuError) }
        var index: Int
        if kind == .unassigned {
            index = utf16Starts.lastIndex { $0 <= Int(failure.offset) } ?? 0
        } else {
            // Invariant: the prefix of `low` scalars does not fail with `kind`, the prefix
            // of `high` scalars does (the whole input).
            var low = 0, high = scalars.count
            while high - low > 1 {
                let middle = (low + high) / 2
                let end = utf16Starts[middle]
                let prefix = UnsafeBufferPointer(rebasing: units[..<end])
                if case .failure(let prefixFailure) = handle.prepare(prefix, flags), prefixFailure.kind == kind {
                    high = middle
                } else {
                    low = middle
                }
            }
            index = high - 1
        }
        let scalar = scalars[index], offset = utf8Starts[index]
        switch kind {
        case .unassigned: return .unassigned(scalar, utf8Offset: offset)
        case .prohibited: return .prohibited(scalar, utf8Offset: offset)
        case .bidi: return .bidi(scalar, utf8Offset: offset)
        }
    }
}

/// One `UStringPrepProfile` per profile, opened on first use and kept for the process.
///
/// `Sendable` notes: `usprep_prepare` reads the profile through a `const` pointer, and
/// ICU's own `usprep_open` shares one cached profile among all its callers.
final class StringPrepHandle: @unchecked Sendable {
    let pointer: OpaquePointer

    private static let cache = ConfigurationCache<StringPrep.Profile, StringPrepHandle>(limit: 32)

    static func handle(_ profile: StringPrep.Profile) throws(IdentifierError) -> StringPrepHandle {
        try cache.value(for: profile) { () throws(IdentifierError) in
            StringPrepHandle(try IdentifierError.wrapping { () throws(ICUError) in
                try ICU.usprep_openByType(profile.icuType, operation: "usprep_openByType(\(profile.rawValue))")
            })
        }
    }

    private init(_ pointer: OpaquePointer) { self.pointer = pointer }

    deinit { usprep_close(pointer) }

    /// `usprep_prepare` of `units`: the output, or ICU's failure and parse-error offset.
    func prepare(_ units: UnsafeBufferPointer<UInt16>, _ flags: Int32) -> Result<String, ICU.StringPrepFailure> {
        ICU.usprep_prepare(pointer, units, flags)
    }
}

extension Unicode.Scalar {
    /// `U+XXXX` (at least four hex digits), as error messages name code points.
    var uPlusNotation: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
