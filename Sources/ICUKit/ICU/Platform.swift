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
    /// `e` raised to `x`. The C function is `exp`.
    @inline(__always)
    static func exp(_ x: Double) -> Double { libc_exp(x) }

    /// The natural logarithm of `x`. The C function is `log`.
    @inline(__always)
    static func log(_ x: Double) -> Double { libc_log(x) }

    /// Compares `count` bytes; 0 when they are equal. The C function is `memcmp`.
    @inline(__always)
    static func memcmp(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ count: Int) -> Int32 {
        libc_memcmp(lhs, rhs, count)
    }

    /// Whether the platform gives zeroed anonymous memory mappings that can be advised to
    /// use huge pages and whose file-backed pages can be dropped (Linux).
    #if os(Linux)
    static let hasAnonymousHugePages = true
    #else
    static let hasAnonymousHugePages = false
    #endif

    /// The size of a memory page in bytes where ``releasePages(_:_:)`` drops pages (Linux),
    /// otherwise `nil`. The C function is `sysconf(_SC_PAGESIZE)`.
    static var releasablePageSize: Int? {
        #if os(Linux)
        max(Int(libc_sysconf(Int32(_SC_PAGESIZE))), 1)
        #else
        nil
        #endif
    }

    /// Drops the pages of `length` bytes at `address` from this process (a later read of
    /// file-backed pages reads the file again); nothing where the platform has no such
    /// advice. The C function is `madvise(…, MADV_DONTNEED)`.
    @inline(__always)
    static func releasePages(_ address: UnsafeMutableRawPointer, _ length: Int) {
        #if os(Linux)
        _ = libc_madvise(address, length, MADV_DONTNEED)
        #endif
    }

    /// A zeroed, private, read-write anonymous mapping of `length` bytes, or `nil` when the
    /// kernel refuses it or the platform has none (``hasAnonymousHugePages``).
    /// The C function is `mmap`.
    @inline(__always)
    static func mapAnonymous(_ length: Int) -> UnsafeMutableRawPointer? {
        #if os(Linux)
        guard let raw = libc_mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              raw != MAP_FAILED else { return nil }
        return raw
        #else
        return nil
        #endif
    }

    /// Unmaps `length` bytes at `address` (from ``mapAnonymous(_:)``). The C function is `munmap`.
    @inline(__always)
    static func unmap(_ address: UnsafeMutableRawPointer, _ length: Int) {
        #if os(Linux)
        _ = libc_munmap(address, length)
        #endif
    }

    /// Asks for huge pages for `length` bytes at `address` (from ``mapAnonymous(_:)``).
    /// The C function is `madvise(…, MADV_HUGEPAGE)`.
    @inline(__always)
    static func adviseHugePages(_ address: UnsafeMutableRawPointer, _ length: Int) {
        #if os(Linux)
        _ = libc_madvise(address, length, MADV_HUGEPAGE)
        #endif
    }

    /// The value of the environment variable `name`, `nil` when it is unset. The C function is `getenv`.
    @inline(__always)
    static func getenv(_ name: String) -> String? { libc_getenv(name).map { String(cString: $0) } }

    /// Every byte of the file at `path`, read once from start to end, so a pipe, a FIFO or
    /// `/dev/stdin` reads too; `nil` when it cannot be opened or read. The C functions are
    /// `open`, `read` and `close`.
    static func readAll(atPath path: String) -> [UInt8]? {
        let fd = libc_open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { _ = libc_close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { libc_read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                return nil
            }
        }
    }
}

// The C library's functions under names the `Platform` members do not shadow.
@inline(__always) private func libc_exp(_ x: Double) -> Double { exp(x) }
@inline(__always) private func libc_getenv(_ name: String) -> UnsafeMutablePointer<CChar>? { getenv(name) }
@inline(__always) private func libc_log(_ x: Double) -> Double { log(x) }
@inline(__always) private func libc_open(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
@inline(__always) private func libc_read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
@inline(__always) private func libc_close(_ fd: Int32) -> Int32 { close(fd) }
@inline(__always) private func libc_memcmp(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ count: Int) -> Int32 { memcmp(lhs, rhs, count) }
#if os(Linux)
@inline(__always) private func libc_sysconf(_ name: Int32) -> Int { sysconf(name) }
@inline(__always) private func libc_madvise(_ address: UnsafeMutableRawPointer, _ length: Int, _ advice: Int32) -> Int32 { madvise(address, length, advice) }
@inline(__always) private func libc_mmap(
    _ address: UnsafeMutableRawPointer?, _ length: Int, _ protection: Int32, _ flags: Int32, _ fd: Int32, _ offset: Int
) -> UnsafeMutableRawPointer? { mmap(address, length, protection, flags, fd, offset) }
@inline(__always) private func libc_munmap(_ address: UnsafeMutableRawPointer, _ length: Int) -> Int32 { munmap(address, length) }
#endif
