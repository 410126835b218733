#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library calls ICUKit makes outside ICU (memory search, file mapping, …), wrapped
/// once: the only file that names a platform module, so no other file needs an `#if`.
enum Platform {}

extension Platform {
    /// Compares `count` bytes at `a` and `b` (C's `memcmp`): 0 when equal.
    @inline(__always)
    static func memcmp(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Int32 {
        #if canImport(Glibc)
        Glibc.memcmp(a, b, count)
        #elseif canImport(Musl)
        Musl.memcmp(a, b, count)
        #else
        Darwin.memcmp(a, b, count)
        #endif
    }
}
