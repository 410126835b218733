#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes kept for later in bounded memory: up to ``memoryLimit`` in memory, the rest in an
/// anonymous temporary file (`tmpfile`, deleted when closed). `segment --format json` on one
/// document holds its boundaries and kinds here while it streams the input window by window,
/// so that the JSON object is written whole at the end, or not at all when the input turns
/// out to be invalid (nothing half-written), whatever the document's size.
final class SpillBuffer {
    /// Bytes held in memory before they go to the temporary file: 4 MiB, or
    /// `ICUKIT_SPILL_BYTES` (the tests make it small to exercise the file).
    static let memoryLimit: Int = getenv("ICUKIT_SPILL_BYTES").flatMap { Int(String(cString: $0)) }.map { max(1, $0) } ?? 4 << 20

    /// The bytes not yet moved to the file (append to it directly, then call ``spillIfFull()``).
    var memory: [UInt8] = []
    private var file: UnsafeMutablePointer<FILE>?

    init() {
        memory.reserveCapacity(min(Self.memoryLimit, 4 << 20) + 64)
    }

    deinit {
        if let file { fclose(file) }
    }

    /// Moves the bytes in memory to the temporary file once there are ``memoryLimit`` of them.
    @inline(__always)
    func spillIfFull() throws(CLIFailure) {
        if memory.count >= Self.memoryLimit { try spill() }
    }

    private func spill() throws(CLIFailure) {
        if file == nil {
            guard let opened = tmpfile() else { throw Self.failure("cannot create a temporary file") }
            file = opened
        }
        let written = memory.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        if written != memory.count { throw Self.failure("cannot write the temporary file") }
        memory.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with every byte held, in order, a block at a time; the buffer is empty after.
    func drain(_ body: (UnsafeBufferPointer<UInt8>) throws(CLIFailure) -> Void) throws(CLIFailure) {
        if let file {
            try spill()
            if fflush(file) != 0 { throw Self.failure("cannot write the temporary file") }
            rewind(file)
            var block = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let count = block.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
                if count > 0 { try block.withUnsafeBufferPointer { buffer throws(CLIFailure) in try body(UnsafeBufferPointer(rebasing: buffer[..<count])) } }
                if count < block.count {
                    if ferror(file) != 0 { throw Self.failure("cannot read the temporary file") }
                    break
                }
            }
            fclose(file)
            self.file = nil
        } else {
            try memory.withUnsafeBufferPointer { buffer throws(CLIFailure) in try body(buffer) }
        }
        memory.removeAll(keepingCapacity: true)
    }

    private static func failure(_ what: String) -> CLIFailure {
        CLIFailure(message: "\(what) in /tmp: \(String(cString: strerror(errno)))", code: CLI.ioError)
    }
}
