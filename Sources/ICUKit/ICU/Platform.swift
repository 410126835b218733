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
    /// The value of the environment variable `name`, `nil` when it is unset. The C function is `getenv`.
    @inline(__always)
    static func getenv(_ name: String) -> String? { libc_getenv(name).map { String(cString: $0) } }
}

/// The C library's `getenv` under a name `Platform.getenv` does not shadow.
@inline(__always) private func libc_getenv(_ name: String) -> UnsafeMutablePointer<CChar>? { getenv(name) }
