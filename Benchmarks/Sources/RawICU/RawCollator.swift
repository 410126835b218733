// Raw ICU collation: the floor for Collator.compare and Collator.sorted.
internal import RawCICU
#if canImport(Glibc)
import Glibc
#endif

/// One opened `UCollator` (never opened per call).
public final class RawCollator: @unchecked Sendable {
    private let collator: OpaquePointer

    public init(locale: String) {
        var status = U_ZERO_ERROR
        guard let opened = ucol_open(locale, &status), status <= U_ZERO_ERROR else { fatalError("ucol_open failed") }
        collator = opened
    }

    deinit { ucol_close(collator) }

    /// `ucol_strcollUTF8` on the strings' own bytes.
    @inline(__always)
    public func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int32 {
        var status = U_ZERO_ERROR
        return a.withMemoryRebound(to: CChar.self) { a in
            b.withMemoryRebound(to: CChar.self) { b in
                ucol_strcollUTF8(collator, a.baseAddress, Int32(a.count), b.baseAddress, Int32(b.count), &status)
            }
        }
    }

    /// Compares `pairs` consecutive pairs of `words` (cycling); the sum of the results.
    public func comparePairs(_ words: [[UInt8]], pairs: Int) -> Int {
        var sum = 0
        let count = words.count
        for index in 0..<pairs {
            let a = words[index % count], b = words[(index + 1) % count]
            a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in sum &+= Int(compare(a, b)) } }
        }
        return sum
    }

    /// Sorts by sort keys as a C program would: `u_strFromUTF8` + `ucol_getSortKey` per
    /// word into one arena, then `qsort` of key pointers with `strcmp`. Returns the order.
    public func sortByKeys(_ words: [[UInt8]]) -> [Int32] {
        var arena: [UInt8] = []
        arena.reserveCapacity(words.count * 32)
        var offsets: [Int] = []
        offsets.reserveCapacity(words.count)
        var utf16 = [UInt16](repeating: 0, count: 256)
        var key = [UInt8](repeating: 0, count: 1024)
        for word in words {
            if word.count > utf16.count { utf16 = [UInt16](repeating: 0, count: word.count) }
            var length: Int32 = 0
            var status = U_ZERO_ERROR
            word.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { bytes in
                    utf16.withUnsafeMutableBufferPointer {
                        _ = u_strFromUTF8($0.baseAddress, Int32($0.count), &length, bytes.baseAddress, Int32(bytes.count), &status)
                    }
                }
            }
            var keyLength = utf16.withUnsafeBufferPointer { u in key.withUnsafeMutableBufferPointer { ucol_getSortKey(collator, u.baseAddress, length, $0.baseAddress, Int32($0.count)) } }
            if Int(keyLength) > key.count {
                key = [UInt8](repeating: 0, count: Int(keyLength))
                keyLength = utf16.withUnsafeBufferPointer { u in key.withUnsafeMutableBufferPointer { ucol_getSortKey(collator, u.baseAddress, length, $0.baseAddress, Int32($0.count)) } }
            }
            offsets.append(arena.count)
            arena.append(contentsOf: key[..<Int(keyLength)])
        }
        return arena.withUnsafeBufferPointer { arena -> [Int32] in
            var entries = offsets.enumerated().map { KeyEntry(key: arena.baseAddress! + $0.element, index: Int32($0.offset)) }
            entries.withUnsafeMutableBufferPointer { buffer in
                qsort(UnsafeMutableRawPointer(buffer.baseAddress!), buffer.count, MemoryLayout<KeyEntry>.stride) { a, b in
                    let a = a!.assumingMemoryBound(to: KeyEntry.self).pointee
                    let b = b!.assumingMemoryBound(to: KeyEntry.self).pointee
                    return strcmp(UnsafeRawPointer(a.key).assumingMemoryBound(to: CChar.self), UnsafeRawPointer(b.key).assumingMemoryBound(to: CChar.self))
                }
            }
            return entries.map(\.index)
        }
    }

    /// Sorts with `qsort` and `ucol_strcollUTF8` as the comparator (no keys).
    public func sortByComparing(_ words: [[UInt8]]) -> [Int32] {
        var order = words.indices.map { Int32($0) }
        order.sort { a, b in
            words[Int(a)].withUnsafeBufferPointer { x in words[Int(b)].withUnsafeBufferPointer { y in compare(x, y) < 0 } }
        }
        return order
    }
}

private struct KeyEntry {
    var key: UnsafePointer<UInt8>
    var index: Int32
}
