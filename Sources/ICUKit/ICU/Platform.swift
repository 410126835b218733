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
