/// Distinct strings and their positions, found by their UTF-8 bytes: an open-addressing
/// table whose slots keep a 32-bit hash tag, over one buffer of every string's bytes. A
/// lookup hashes the bytes eight at a time with a multiply mix and compares bytes only on
/// a tag match, so it costs no `Hasher` and no `String` comparison. The strings come from
/// a catalog (the developer's, not a client's), so the unseeded hash is enough. This is the
/// growable form for building; ``StringLookup`` is the fixed one a server reads.
struct StringIndexTable: Sendable {
    /// The strings in insertion order; a string's position is its index here.
    private(set) var strings: [String] = []
    /// Each slot: 0 when empty, else the hash tag (high 32 bits) and position + 1.
    private var slots: [UInt64] = Array(repeating: 0, count: 16)
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]

    /// A table of `strings` (the first of equal ones kept).
    init(_ strings: [String] = []) {
        var capacity = 16
        while capacity < strings.count * 2 { capacity <<= 1 }
        slots = Array(repeating: 0, count: capacity)
        self.strings.reserveCapacity(strings.count)
        for string in strings { _ = insert(string) }
    }

    var count: Int { strings.count }

    /// The position of `string`, `nil` when absent.
    func index(of string: String) -> Int? {
        Self.withBytes(string) { find($0, Self.hash($0)).found }
    }

    /// Adds `string` when absent; its position either way.
    @discardableResult
    mutating func insert(_ string: String) -> Int {
        Self.withBytes(string) { key in
            let hash = Self.hash(key)
            let (found, slot) = find(key, hash)
            if let found { return found }
            let position = strings.count
            strings.append(string)
            bytes.append(contentsOf: key)
            starts.append(bytes.count)
            slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(position + 1)
            if strings.count * 2 > slots.count { grow() }
            return position
        }
    }

    private mutating func grow() {
        var larger = [UInt64](repeating: 0, count: slots.count * 2)
        let mask = larger.count - 1
        bytes.withUnsafeBytes { all in
            for position in strings.indices {
                let key = UnsafeRawBufferPointer(rebasing: all[starts[position]..<starts[position + 1]])
                let hash = Self.hash(key)
                var slot = Int(truncatingIfNeeded: hash) & mask
                while larger[slot] != 0 { slot = (slot + 1) & mask }
                larger[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(position + 1)
            }
        }
        slots = larger
    }

    /// The position of `key` if present, and the slot it is in or would go to.
    private func find(_ key: UnsafeRawBufferPointer, _ hash: UInt64) -> (found: Int?, slot: Int) {
        slots.withUnsafeBufferPointer { slots in
            bytes.withUnsafeBytes { all in
                starts.withUnsafeBufferPointer { starts in
                    let mask = slots.count - 1
                    let tag = hash & 0xFFFF_FFFF_0000_0000
                    var slot = Int(truncatingIfNeeded: hash) & mask
                    while true {
                        let entry = slots[slot]
                        if entry == 0 { return (nil, slot) }
                        if entry & 0xFFFF_FFFF_0000_0000 == tag {
                            let position = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                            let start = starts[position]
                            if starts[position + 1] - start == key.count, Self.equal(all.baseAddress! + start, key) { return (position, slot) }
                        }
                        slot = (slot + 1) & mask
                    }
                }
            }
        }
    }

    static func equal(_ stored: UnsafeRawPointer, _ key: UnsafeRawBufferPointer) -> Bool {
        guard let other = key.baseAddress else { return true }
        var offset = 0
        while offset + 8 <= key.count {
            if stored.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != other.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset += 8
        }
        while offset < key.count {
            if stored.load(fromByteOffset: offset, as: UInt8.self) != other.load(fromByteOffset: offset, as: UInt8.self) { return false }
            offset += 1
        }
        return true
    }

    static func hash(_ key: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0x243F_6A88_85A3_08D3 &+ UInt64(key.count)
        var offset = 0
        while offset + 8 <= key.count {
            hash = (hash ^ key.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
            offset += 8
        }
        if offset < key.count {
            var word: UInt64 = 0
            var shift: UInt64 = 0
            while offset < key.count {
                word |= UInt64(key[offset]) << shift
                shift += 8
                offset += 1
            }
            hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
        }
        hash ^= hash >> 32
        hash &*= 0xD6E8_FEB8_6659_FD93
        return hash ^ hash >> 29
    }

    private static func withBytes<R>(_ string: String, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let result = string.utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) { return result }
        return Array(string.utf8).withUnsafeBytes(body)
    }
}

/// A fixed ``StringIndexTable`` in memory of its own: what ``LocalizedStrings`` reads on
/// every request, with no array to retain and no bounds to check.
///
/// `Sendable` notes: the buffers are written only in `init` and read-only afterwards.
final class StringLookup: @unchecked Sendable {
    /// The strings; a string's position is its index here.
    let strings: [String]
    private let slots: UnsafeMutablePointer<UInt64>
    private let mask: Int
    private let bytes: UnsafeMutablePointer<UInt8>
    private let starts: UnsafeMutablePointer<Int>

    /// A lookup of `strings`, which are distinct.
    init(_ strings: [String]) {
        self.strings = strings
        var capacity = 16
        while capacity < strings.count * 2 { capacity <<= 1 }
        mask = capacity - 1
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        starts = .allocate(capacity: strings.count + 1)
        var all: [UInt8] = []
        starts[0] = 0
        for (position, string) in strings.enumerated() {
            all.append(contentsOf: string.utf8)
            starts[position + 1] = all.count
        }
        bytes = .allocate(capacity: max(all.count, 1))
        bytes.initialize(from: all, count: all.count)
        for position in strings.indices {
            let key = UnsafeRawBufferPointer(start: bytes + starts[position], count: starts[position + 1] - starts[position])
            let hash = StringIndexTable.hash(key)
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = hash & 0xFFFF_FFFF_0000_0000 | UInt64(position + 1)
        }
    }

    deinit {
        slots.deallocate()
        bytes.deallocate()
        starts.deallocate()
    }

    var count: Int { strings.count }

    /// The position of `string`, `nil` when absent.
    func index(of string: String) -> Int? {
        if let found = string.utf8.withContiguousStorageIfAvailable({ find(UnsafeRawBufferPointer($0)) }) { return found }
        return Array(string.utf8).withUnsafeBytes { find($0) }
    }

    private func find(_ key: UnsafeRawBufferPointer) -> Int? {
        let hash = StringIndexTable.hash(key)
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            if entry & 0xFFFF_FFFF_0000_0000 == tag {
                let position = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                let start = starts[position]
                if starts[position + 1] - start == key.count, StringIndexTable.equal(bytes + start, key) { return position }
            }
            slot = (slot + 1) & mask
        }
    }
}
