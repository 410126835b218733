import Foundation
import Testing

/// Output and input that are not plain pipes and files: a full disk, a reader that goes
/// away, pipes, FIFOs and devices given as FILE, directories, negative numbers as values.
@Suite("icukit I/O and arguments")
struct IOCLITests {
    let cli = CLITests()

    /// Runs icukit with stdin from /dev/null and stdout on `output`; returns the status and stderr.
    /// (Input comes from files: a child that exits early must not leave the test writing to a
    /// closed pipe.)
    func run(_ arguments: [String], output: FileHandle) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = CLITests.binary
        process.arguments = arguments
        let error = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: err, as: UTF8.self))
    }

    /// A temporary file holding `text`.
    func temporaryFile(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("icukit-io-\(UUID().uuidString)").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a write error (stdout on /dev/full) exits 74 with one error line, for streamed and printed output")
    func fullDisk() throws {
        let file = try temporaryFile("hi there")
        defer { try? FileManager.default.removeItem(atPath: file) }
        for arguments in [["segment", "--by", "word", file], ["tour"], ["format", "number", "5"], ["calendar", "month", "2026-11-22"]] {
            let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
            let result = try run(arguments, output: full)
            #expect(result.status == 74, "\(arguments)")
            #expect(result.stderr == "icukit: error: cannot write to standard output: No space left on device\n", "\(arguments)")
        }
    }

    @Test("a reader that goes away (| head -1): exit 0, no message, no crash")
    func closedPipe() throws {
        let big = try temporaryFile(String(repeating: "word ", count: 400_000))  // 2 MB: more than a pipe holds
        defer { try? FileManager.default.removeItem(atPath: big) }
        for arguments in [["segment", "--by", "word", big], ["tour"], ["convert", "--from", "UTF-8", "--to", "UTF-16", big]] {
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()  // nobody will read
            let result = try run(arguments, output: pipe.fileHandleForWriting)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stderr.isEmpty, "\(arguments): \(result.stderr)")
        }
    }

    @Test("FILE may be a device, a pipe or a FIFO: read to end of file")
    func nonRegularFiles() throws {
        let detect = try cli.run(["detect", "/dev/stdin"], input: "plain text")
        #expect(detect.status == 0)
        #expect(detect.stdout.hasPrefix("/dev/stdin: "))
        let empty = try cli.run(["segment", "--by", "word", "--format", "json", "/dev/null"])
        #expect(empty.status == 0)
        #expect(empty.stdout == "{\"boundaries\":[0],\"kinds\":[]}\n")
        #expect(try cli.run(["convert", "--from", "UTF-8", "--to", "UTF-8", "/dev/stdin"], input: "héllo").stdout == "héllo")
        #expect(try cli.run(["sort", "/dev/stdin"], input: "b\na\n").stdout == "a\nb\n")

        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("icukit-fifo-\(UUID().uuidString)").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: fifo) }
        let process = Process()
        process.executableURL = CLITests.binary
        process.arguments = ["segment", "--by", "word", "--format", "count", "--words-only", fifo]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let writer = try #require(FileHandle(forWritingAtPath: fifo))  // blocks until icukit opens it
        writer.write(Data("one two three".utf8))
        try writer.close()
        let counted = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(counted == "3\n")
    }

    @Test("a directory as FILE or as stdin, a missing or unreadable file: exit 66 with a clear message")
    func unreadable() throws {
        let directory = FileManager.default.temporaryDirectory.path
        for arguments in [["segment", "--by", "word", directory], ["detect", directory], ["convert", directory], ["sort", directory]] {
            let result = try cli.run(arguments)
            #expect(result.status == 66, "\(arguments)")
            #expect(result.stderr == "icukit: error: \(directory): is a directory\n", "\(arguments)")
        }
        let stdinDirectory = try #require(FileHandle(forReadingAtPath: directory))
        let process = Process()
        process.executableURL = CLITests.binary
        process.arguments = ["segment", "--by", "word"]
        process.standardInput = stdinDirectory
        let error = Pipe()
        process.standardError = error
        process.standardOutput = Pipe()
        try process.run()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 66)
        #expect(message == "icukit: error: standard input: is a directory\n")

        #expect(try cli.run(["detect", "/nonexistent/x"]).stderr == "icukit: error: /nonexistent/x: no such file\n")
        if getuid() != 0 {  // root reads anything
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("icukit-unreadable-\(UUID().uuidString)").path
            #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8), attributes: [.posixPermissions: 0]))
            defer { try? FileManager.default.removeItem(atPath: file) }
            let result = try cli.run(["segment", "--by", "word", file])
            #expect(result.status == 66)
            #expect(result.stderr == "icukit: error: \(file): permission denied\n")
        }
    }

    @Test("negative numbers are values: format number, --to, measure, plural, duration, relative, bidi isolate")
    func negativeNumbers() throws {
        func out(_ arguments: [String]) throws -> String {
            let result = try cli.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return result.stdout
        }
        #expect(try out(["format", "number", "-5", "--locale", "en"]) == "-5\n")
        #expect(try out(["format", "number", "-1234.5", "--skeleton", "currency/EUR", "--locale", "de"]) == "-1.234,50\u{A0}€\n")
        #expect(try out(["format", "number", "--locale", "en", "--", "-5"]) == "-5\n")
        #expect(try out(["format", "number", "-1.234,5", "--parse", "decimal", "--locale", "de"]) == "-1234.5\n")
        #expect(try out(["format", "number", "-3", "--to", "-1", "--locale", "en"]) == "-3 – -1\n")
        #expect(try out(["format", "measure", "-5", "celsius", "--locale", "en"]) == "-5°C\n")
        #expect(try out(["format", "plural", "-1", "--locale", "en"]) == "one\n")
        #expect(try out(["format", "relative", "-3600", "--locale", "en"]) == "1 hour ago\n")
        #expect(try out(["bidi", "isolate", "%d", "-12"]) == "\u{2068}-12\u{2069}\n")
        // Unknown options and wrong counts are still usage errors.
        let unknown = try cli.run(["format", "number", "-5", "--bogus"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr == "icukit: error: Unknown option '--bogus'\n")
        #expect(try cli.run(["format", "number"]).status == 64)
        #expect(try cli.run(["format", "measure", "5"]).stderr == "icukit: error: expected VALUE UNIT, got 1 argument\n")
        #expect(try cli.run(["format", "plural", "1", "2"]).status == 64)
        #expect(try cli.run(["bidi", "isolate", "%@", "-x"]).status == 64)
    }
}
