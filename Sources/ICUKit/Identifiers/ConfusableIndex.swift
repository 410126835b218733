/// An index of existing identifiers by their UTS #39 skeleton, to find the ones a new
/// identifier is confusable with (sign-up checks: "is `раураl` too close to an existing
/// user name?").
///
/// ```swift
/// let index = try ConfusableIndex(["paypal", "alice", "bob"])
/// try index.matches(for: "раураl")   // ["paypal"]
/// try index.matches(for: "paypal")   // ["paypal"] (an identical name is a match)
/// try index.matches(for: "carol")    // []
/// ```
///
/// A match is an existing name with the same skeleton as the candidate, which is what
/// ``SpoofChecker/areConfusable(_:_:)`` tests first; the candidate itself is returned when
/// it is already in the index (a taken name is the most confusable of all). Identical
/// existing names are kept once. Results are in the order the names were given.
///
/// Storage: the names and their skeletons in two contiguous UTF-8 buffers with end
/// offsets, and one array of (64-bit skeleton hash, name number) sorted by hash; a lookup
/// computes the candidate's skeleton, binary-searches its hash and compares the skeleton
/// bytes of each entry with that hash (so a hash collision never gives a false match).
/// The hash is Swift's `Hasher` (SipHash, seeded per process), so chosen names cannot be
/// made to collide. The index is immutable once built, hence `Sendable`.
public struct ConfusableIndex: Sendable {
    /// The checker whose skeletons the index uses.
    public let checker: SpoofChecker
    private let names: [UInt8]
    private let nameEnds: [Int]
    private let skeletons: [UInt8]
    private let skeletonEnds: [Int]
    /// Skeleton hashes, ascending, and the name each belongs to (same order).
    private let hashes: [UInt64]
    private let owners: [Int32]

    /// The number of distinct names indexed.
    ///
    /// ```swift
    /// try ConfusableIndex(["a", "b", "a"]).count  // 2
    /// ```
    public var count: Int { nameEnds.count }

    /// Indexes `existing` (any number; identical names are kept once).
    ///
    /// ```swift
    /// let index = try ConfusableIndex(userNames, checker: SpoofChecker())
    /// ```
    /// - Parameters:
    ///   - existing: The identifiers already in use.
    ///   - checker: The checker that computes skeletons (default: ICU's default configuration;
    ///     skeletons do not depend on the configuration).
    /// - Throws: ``IdentifierError/inputTooLong(_:)`` for a name past `Int32.max` UTF-8
    ///   bytes, or more names than `Int32.max`; ``IdentifierError/icu(_:)``.
    public init<Names: Sequence>(_ existing: Names, checker: SpoofChecker? = nil) throws(IdentifierError) where Names.Element: StringProtocol {
        let resolved: SpoofChecker
        if let checker { resolved = checker } else { resolved = try SpoofChecker() }
        self.checker = resolved
        var names: [UInt8] = [], nameEnds: [Int] = []
        var skeletons: [UInt8] = [], skeletonEnds: [Int] = []
        var entries: [(hash: UInt64, nameHash: UInt64, owner: Int32)] = []
        let underestimate = existing.underestimatedCount
        nameEnds.reserveCapacity(underestimate)
        skeletonEnds.reserveCapacity(underestimate)
        entries.reserveCapacity(underestimate)
        for name in existing {
            var nameHash: UInt64 = 0
            let skeleton = try withUTF8Buffer(name) { bytes throws(IdentifierError) in
                names.append(contentsOf: bytes)
                nameHash = Self.hash(UnsafeRawBufferPointer(bytes))
                return try resolved.skeleton(validUTF8: bytes)
            }
            guard nameEnds.count < Int(Int32.max) else {
                throw .inputTooLong(InputTooLongError(length: nameEnds.count + 1, limit: Int(Int32.max), unit: "names"))
            }
            nameEnds.append(names.count)
            skeletons.append(contentsOf: skeleton.utf8)
            skeletonEnds.append(skeletons.count)
            entries.append((Self.hash(skeleton), nameHash, Int32(nameEnds.count - 1)))
        }
        entries.sort {
            $0.hash != $1.hash ? $0.hash < $1.hash : $0.nameHash != $1.nameHash ? $0.nameHash < $1.nameHash : $0.owner < $1.owner
        }
        // Drop identical names: same skeleton hash and same name hash, so adjacent; the bytes
        // are compared only within such a run (identical names, barring a 64-bit collision).
        var kept: [(hash: UInt64, nameHash: UInt64, owner: Int32)] = []
        kept.reserveCapacity(entries.count)
        var runStart = 0
        for entry in entries {
            if let last = kept.last, last.hash != entry.hash || last.nameHash != entry.nameHash { runStart = kept.count }
            let duplicate = kept[runStart...].contains { Self.slice(names, nameEnds, Int($0.owner)).elementsEqual(Self.slice(names, nameEnds, Int(entry.owner))) }
            if !duplicate { kept.append(entry) }
        }
        // Renumber the names that remain, in input order, into compact buffers.
        if kept.count == nameEnds.count {
            self.names = names
            self.nameEnds = nameEnds
            self.skeletons = skeletons
            self.skeletonEnds = skeletonEnds
            hashes = kept.map(\.hash)
            owners = kept.map(\.owner)
        } else {
            var keep = [Bool](repeating: false, count: nameEnds.count)
            for entry in kept { keep[Int(entry.owner)] = true }
            var number = [Int32](repeating: -1, count: nameEnds.count)
            var compactNames: [UInt8] = [], compactNameEnds: [Int] = [], compactSkeletons: [UInt8] = [], compactSkeletonEnds: [Int] = []
            for old in 0..<nameEnds.count where keep[old] {
                number[old] = Int32(compactNameEnds.count)
                compactNames.append(contentsOf: Self.slice(names, nameEnds, old))
                compactNameEnds.append(compactNames.count)
                compactSkeletons.append(contentsOf: Self.slice(skeletons, skeletonEnds, old))
                compactSkeletonEnds.append(compactSkeletons.count)
            }
            self.names = compactNames
            self.nameEnds = compactNameEnds
            self.skeletons = compactSkeletons
            self.skeletonEnds = compactSkeletonEnds
            hashes = kept.map(\.hash)
            owners = kept.map { number[Int($0.owner)] }
        }
    }

    /// The existing names confusable with `candidate` (same skeleton), in the order they
    /// were indexed; includes `candidate` itself when it is indexed.
    ///
    /// ```swift
    /// let index = try ConfusableIndex(["paypal", "scope"])
    /// try index.matches(for: "ѕсоре")  // ["scope"]
    /// ```
    /// - Throws: ``IdentifierError/inputTooLong(_:)`` past `Int32.max` UTF-8 bytes.
    public func matches(for candidate: String) throws(IdentifierError) -> [String] {
        let skeleton = try checker.skeleton(candidate)
        return matches(skeleton: skeleton)
    }

    /// ``matches(for:)`` on UTF-8 bytes that may be ill-formed.
    ///
    /// ```swift
    /// try index.matches(utf8: Array("раураl".utf8))  // ["paypal"]
    /// ```
    /// - Throws: ``IdentifierError/invalidUTF8(_:)`` with the offset of the first bad byte.
    public func matches<Bytes: Collection>(utf8 bytes: Bytes) throws(IdentifierError) -> [String] where Bytes.Element == UInt8 {
        try matches(for: SpoofChecker.decode(bytes))
    }

    /// Whether any existing name has `candidate`'s skeleton.
    ///
    /// ```swift
    /// try ConfusableIndex(["paypal"]).containsConfusable(of: "раураl")  // true
    /// ```
    /// - Throws: ``IdentifierError/inputTooLong(_:)`` past `Int32.max` UTF-8 bytes.
    public func containsConfusable(of candidate: String) throws(IdentifierError) -> Bool {
        let skeleton = try checker.skeleton(candidate)
        var found = false
        forEachMatch(skeleton: skeleton) { _ in found = true; return false }
        return found
    }

    /// The names whose skeleton is `skeleton`.
    private func matches(skeleton: String) -> [String] {
        var owners: [Int] = []
        forEachMatch(skeleton: skeleton) { owners.append($0); return true }
        owners.sort()
        return owners.map { owner in
            let start = owner == 0 ? 0 : nameEnds[owner - 1]
            return names[start..<nameEnds[owner]].withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// Calls `body` with each name number whose skeleton equals `skeleton`, while it returns `true`.
    private func forEachMatch(skeleton: String, _ body: (Int) -> Bool) {
        let hash = Self.hash(skeleton)
        var low = 0, high = hashes.count
        while low < high {
            let middle = (low + high) / 2
            if hashes[middle] < hash { low = middle + 1 } else { high = middle }
        }
        var position = low
        let wanted = skeleton.utf8
        while position < hashes.count, hashes[position] == hash {
            let owner = Int(owners[position])
            if Self.slice(skeletons, skeletonEnds, owner).elementsEqual(wanted) {
                if !body(owner) { return }
            }
            position += 1
        }
    }

    private static func slice(_ bytes: [UInt8], _ ends: [Int], _ number: Int) -> ArraySlice<UInt8> {
        bytes[(number == 0 ? 0 : ends[number - 1])..<ends[number]]
    }

    private static func hash(_ skeleton: String) -> UInt64 {
        var skeleton = skeleton
        return skeleton.withUTF8 { hash(UnsafeRawBufferPointer($0)) }
    }

    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(bytes: bytes)
        return UInt64(UInt(bitPattern: hasher.finalize()))
    }
}
