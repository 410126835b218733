#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The CLI's reads and writes go through read(2) and write(2) here, not FileHandle (whose
// `write` and `readDataToEndOfFile` end in `try!`: a full disk or a directory on stdin
// crashed with SIGILL), so every I/O failure becomes an `icukit: error:` line and a
// sysexits code: a write error exits 74, a closed pipe (`icukit … | head -1`) exits 0
// quietly (SIGPIPE is ignored, EPIPE ends the process), a missing, unreadable or
// directory input exits 66, a read error 74.

extension CLI {
    /// Ignores SIGPIPE, so that writing to a closed pipe fails with EPIPE, which
    /// ``write(_:)`` turns into a quiet exit. Called first thing in `main`.
    static func prepareStandardStreams() {
        _ = signal(SIGPIPE, SIG_IGN)
    }

    /// Writes `text` to stdout without a trailing newline (unbuffered: large outputs go
    /// through ``OutputBuffer``).
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { writeStandardOutput(UnsafeRawBufferPointer($0)) }
    }

    /// Writes bytes to stdout.
    static func write(bytes: [UInt8]) {
        bytes.withUnsafeBytes { writeStandardOutput($0) }
    }

    /// Writes bytes to stdout.
    static func write(bytes: UnsafeBufferPointer<UInt8>) {
        writeStandardOutput(UnsafeRawBufferPointer(bytes))
    }

    /// Writes `item` and a newline to stdout, as `Swift.print` would, through ``write(_:)``.
    static func print(_ item: Any, terminator: String = "\n") {
        write(String(describing: item) + terminator)
    }

    /// Writes `text` to stderr; a failure there has nowhere to be reported.
    static func standardError(_ text: String) {
        var text = text
        text.withUTF8 { _ = writeAll(UnsafeRawBufferPointer($0), to: STDERR_FILENO) }
    }

    private static func writeStandardOutput(_ bytes: UnsafeRawBufferPointer) {
        guard let error = writeAll(bytes, to: STDOUT_FILENO) else { return }
        if error == EPIPE { terminate(0) }  // the reader is gone: nothing left to do
        fail("cannot write to standard output: \(describe(error))", code: ioError)
    }

    /// Writes all of `bytes`; the errno of a failure, or nil.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard var next = bytes.baseAddress else { return nil }
        var remaining = bytes.count
        while remaining > 0 {
            let written = systemWrite(descriptor, next, remaining)
            if written >= 0 {
                next += written
                remaining -= written
                continue
            }
            let error = errno
            switch error {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: waitUntilReady(descriptor, events: Int16(POLLOUT))  // a non-blocking stdout
            default: return error
            }
        }
        return nil
    }

    /// The bytes of FILE, or of stdin when `path` is nil or `-`, read until end of file
    /// (regular files, pipes, FIFOs, devices such as /dev/stdin alike).
    static func readInput(_ path: String?) throws(CLIFailure) -> [UInt8] {
        let input = try InputFile(path)
        defer { input.close() }
        return try input.readAll()
    }

    /// The text of an errno value ("No space left on device").
    static func describe(_ error: Int32) -> String {
        String(cString: strerror(error))
    }

    fileprivate static func waitUntilReady(_ descriptor: Int32, events: Int16) {
        var request = pollfd(fd: descriptor, events: events, revents: 0)
        _ = poll(&request, 1, -1)
    }
}

/// An open input: FILE, or stdin for nil or `-`. Anything that is not a directory is read
/// with read(2) until end of file.
struct InputFile {
    let descriptor: Int32
    /// The path, or "standard input", for messages.
    let name: String
    private let ownsDescriptor: Bool

    /// Opens `path`: a missing file, an unreadable one or a directory fails with exit 66.
    init(_ path: String?) throws(CLIFailure) {
        guard let path, path != "-" else {
            descriptor = STDIN_FILENO
            name = "standard input"
            ownsDescriptor = false
            try checkNotDirectory()
            return
        }
        let opened = open(path, O_RDONLY | O_CLOEXEC)
        if opened < 0 {
            let error = errno
            switch error {
            case ENOENT, ENOTDIR: throw .noInput("\(path): no such file")
            case EACCES, EPERM: throw .noInput("\(path): permission denied")
            default: throw .noInput("\(path): cannot open (\(CLI.describe(error)))")
            }
        }
        descriptor = opened
        name = path
        ownsDescriptor = true
        do { try checkNotDirectory() } catch {
            self.close()
            throw error
        }
    }

    private func checkNotDirectory() throws(CLIFailure) {
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw .noInput("\(name): is a directory")
        }
    }

    func close() {
        if ownsDescriptor { _ = systemClose(descriptor) }
    }

    /// The size of a regular file, else nil.
    private var regularFileSize: Int? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// Everything up to end of file; a read error exits 74.
    func readAll() throws(CLIFailure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(1 << 16, (regularFileSize ?? 0) + 1))
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count)) }
            let count = try read(into: &bytes, at: filled)
            if count == 0 { break }
            filled += count
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    /// Up to `limit` bytes, fewer only at end of file; a read error exits 74.
    func read(upTo limit: Int) throws(CLIFailure) -> [UInt8] {
        // Read straight into uninitialized storage: no zero-filling of a 1–4 MiB chunk.
        var failure: CLIFailure?
        let bytes = [UInt8](unsafeUninitializedCapacity: limit) { buffer, initialized in
            var filled = 0
            while filled < limit {
                let count = systemRead(descriptor, buffer.baseAddress! + filled, limit - filled)
                if count > 0 {
                    filled += count
                    continue
                }
                if count == 0 { break }
                let error = errno
                switch error {
                case EINTR: continue
                case EAGAIN, EWOULDBLOCK: CLI.waitUntilReady(descriptor, events: Int16(POLLIN))
                case EISDIR: failure = .noInput("\(name): is a directory")
                default: failure = CLIFailure(message: "\(name): read error: \(CLI.describe(error))", code: CLI.ioError)
                }
                if failure != nil { break }
            }
            initialized = filled
        }
        if let failure { throw failure }
        return bytes
    }

    /// Whether a read would return at once (data or end of file waiting, or a regular
    /// file); false when it would block on a pipe, FIFO or terminal.
    func hasInputReady() -> Bool {
        if regularFileSize != nil { return true }
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) != 0
    }

    /// One read(2) into `bytes[offset...]`: the number of bytes read, 0 at end of file.
    func read(into bytes: inout [UInt8], at offset: Int) throws(CLIFailure) -> Int {
        while true {
            let count = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if count >= 0 { return count }
            let error = errno
            switch error {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: CLI.waitUntilReady(descriptor, events: Int16(POLLIN))
            case EISDIR: throw .noInput("\(name): is a directory")
            default: throw CLIFailure(message: "\(name): read error: \(CLI.describe(error))", code: CLI.ioError)
            }
        }
    }
}

// The C library's read, write and close (inside `CLI` and `InputFile` those names are
// their own members).
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, bytes, count) }
private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int { read(descriptor, bytes, count) }
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
