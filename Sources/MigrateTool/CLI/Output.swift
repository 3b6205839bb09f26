#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure the tool reports as one line on stderr and exit code 2 (I/O or configuration).
struct ToolFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Where a command's main output goes: standard output, a file (`--output`), or a string in tests.
/// Buffered, because a lint run over a large tree prints tens of thousands of lines.
struct OutputSink {
    private enum Target {
        case standardOutput
        case memory
    }

    private let target: Target
    private(set) var buffer: [UInt8] = []

    /// Output to the process's standard output.
    static func standardOutput() -> OutputSink { OutputSink(target: .standardOutput) }
    /// Output kept in memory; read it back with `text`.
    static func memory() -> OutputSink { OutputSink(target: .memory) }

    private init(target: Target) {
        self.target = target
        if target == .standardOutput { buffer.reserveCapacity(1 << 16) }
    }

    /// Appends text.
    mutating func write(_ text: String) {
        // A large text (a whole report) goes out from its own storage rather than being copied
        // into the buffer first: a 50 MB file's JSON report is 24 MB.
        if target == .standardOutput, text.utf8.count >= 1 << 16 {
            flush()
            var text = text
            text.withUTF8 { Self.writeToStandardOutput(UnsafeRawBufferPointer($0)) }
            return
        }
        buffer.append(contentsOf: text.utf8)
        if target == .standardOutput, buffer.count >= 1 << 16 { flush() }
    }

    /// The text written so far (memory sinks).
    var text: String { String(decoding: buffer, as: UTF8.self) }

    /// Writes what is buffered to standard output.
    mutating func flush() {
        guard target == .standardOutput, !buffer.isEmpty else { return }
        buffer.withUnsafeBytes(Self.writeToStandardOutput)
        buffer.removeAll(keepingCapacity: true)
    }

    /// The first error writing standard output failed with, other than a closed pipe: a full
    /// disk under `report > file` must not pass for a report. Output is written from one thread.
    nonisolated(unsafe) static var writeFailure: Int32?

    /// Writes all of `raw` to file descriptor 1, retrying short writes.
    private static func writeToStandardOutput(_ raw: UnsafeRawBufferPointer) {
        var written = 0
        while written < raw.count {
            let result = posixWrite(1, raw.baseAddress! + written, raw.count - written)
            if result <= 0 {
                let code = errno
                if code == EINTR { continue }
                // A closed pipe (`| head`) is not an error worth a message; anything else is.
                if code != EPIPE, result < 0, writeFailure == nil { writeFailure = code }
                break
            }
            written += result
        }
    }
}

/// Standard error: diagnostics about the run itself (unreadable paths, progress), never results.
enum StandardError {
    /// Writes one line to stderr, unbuffered.
    static func line(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        bytes.withUnsafeBytes { raw in _ = posixWrite(2, raw.baseAddress!, raw.count) }
    }

    /// Writes text without a newline (progress lines rewritten with `\r`).
    static func raw(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { raw in _ = posixWrite(2, raw.baseAddress!, raw.count) }
    }
}
