import SourceScan

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a path could not be used; each case renders as one line naming the path and the cause.
enum FileProblem: Error, Equatable, CustomStringConvertible {
    case notFound(String)
    case unreadable(String, reason: String)
    case tooLarge(String, bytes: Int)
    case binary(String)
    case invalidUTF8(String, offset: Int)
    case symlinkLoop(String)
    /// A symbolic link to nothing: it holds no code, so it blocks nothing.
    case danglingLink(String)
    case notSwift(String)
    case unwritable(String, reason: String)
    /// Brackets or `#if` blocks nest deeper than `FileStructure.maximumNestingDepth` at `line`,
    /// or string interpolations deeper than `Lexer.maximumInterpolationDepth`.
    case tooDeeplyNested(String, line: Int)
    /// The file no longer holds the bytes the tool read and planned its new content from.
    case changedSinceRead(String)

    var path: String {
        switch self {
        case .notFound(let path), .unreadable(let path, _), .tooLarge(let path, _), .binary(let path),
             .invalidUTF8(let path, _), .symlinkLoop(let path), .danglingLink(let path), .notSwift(let path), .unwritable(let path, _),
             .tooDeeplyNested(let path, _), .changedSinceRead(let path):
            return path
        }
    }

    var description: String {
        switch self {
        case .notFound(let path): return "\(path): no such file or directory"
        case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
        case .tooLarge(let path, let bytes): return "\(path): skipped: \(bytes) bytes is over the 64 MiB limit for one file"
        case .binary(let path): return "\(path): skipped: binary file (contains NUL bytes)"
        case .invalidUTF8(let path, let offset): return "\(path): skipped: invalid UTF-8 at byte \(offset)"
        case .symlinkLoop(let path): return "\(path): skipped: symbolic link loop"
        case .danglingLink(let path): return "\(path): skipped: a symbolic link to a file that does not exist"
        case .notSwift(let path): return "\(path): not a Swift file"
        case .unwritable(let path, let reason): return "\(path): cannot write: \(reason)"
        case .changedSinceRead(let path): return "\(path): changed on disk while the tool ran (run it again to plan from the new content)"
        case .tooDeeplyNested(let path, let line):
            return "\(path): skipped: nested too deeply at line \(line) (over \(FileStructure.maximumNestingDepth) levels of "
                + "brackets or #if, as the Swift parser allows, or \(Lexer.maximumInterpolationDepth) of string interpolations)"
        }
    }
}

extension FileProblem {
    /// The problem of a file nested past the parser's limit, naming the line; nil for any other.
    static func nesting(of structure: FileStructure) -> FileProblem? {
        guard let token = structure.excessiveNesting else { return nil }
        let line = LineMap(structure.source.bytes).location(of: Int(structure.tokens[token].start)).line
        return .tooDeeplyNested(structure.source.path, line: line)
    }
}

/// Reads and writes files with POSIX calls: several times faster than Foundation's `Data` on
/// these machines, and every failure maps to a `FileProblem` instead of an exception.
enum FileSystem {
    /// The largest file the tool reads; generated files past this are not code anyone migrates.
    static let maximumFileSize = 64 << 20

    /// Reads a whole file.
    static func read(_ path: String) -> Result<[UInt8], FileProblem> {
        withOpenFile(path) { descriptor, size in
            var failure: Int32?
            // Read straight into the array's storage: no zero-filling a buffer about to be overwritten.
            let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                switch readFully(descriptor, into: UnsafeMutableRawPointer(buffer.baseAddress!), size: size) {
                case .success(let filled): initialized = filled
                case .failure(let code): failure = code.code
                }
            }
            if let failure { return .failure(problem(path, failure)) }
            return .success(bytes)
        }
    }

    /// Reads a whole file into `buffer`, growing it when the file is larger, and returns the part
    /// that holds the file. Reading many files through one buffer spares the kernel zeroing fresh
    /// pages for each of them: for a whole tree that is a quarter of the time spent reading.
    static func read(_ path: String, reusing buffer: inout UnsafeMutableRawBufferPointer) -> Result<UnsafeRawBufferPointer, FileProblem> {
        withOpenFile(path) { descriptor, size in
            if buffer.count < max(size, 1) {
                buffer.deallocate()
                buffer = .allocate(byteCount: max(size, 1, buffer.count * 2), alignment: 16)
            }
            switch readFully(descriptor, into: buffer.baseAddress!, size: size) {
            case .success(let filled): return .success(UnsafeRawBufferPointer(rebasing: buffer[..<filled]))
            case .failure(let code): return .failure(problem(path, code.code))
            }
        }
    }

    /// Opens `path` for reading and checks it is a readable regular file within the size limit.
    /// `O_NONBLOCK` keeps a named pipe called `X.swift` from blocking the run until a writer comes.
    private static func withOpenFile<Success>(_ path: String, _ body: (_ descriptor: Int32, _ size: Int) -> Result<Success, FileProblem>) -> Result<Success, FileProblem> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(problem(path, errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(problem(path, errno)) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(.unreadable(path, reason: "is a directory"))
        default: return .failure(.unreadable(path, reason: "not a regular file"))
        }
        let size = Int(status.st_size)
        if size > maximumFileSize { return .failure(.tooLarge(path, bytes: size)) }
        return body(descriptor, size)
    }

    /// An `errno` value as an `Error`.
    struct ErrorCode: Error { var code: Int32 }

    /// Reads up to `size` bytes, retrying interrupted reads; fewer when the file shrank meanwhile.
    private static func readFully(_ descriptor: Int32, into destination: UnsafeMutableRawPointer, size: Int) -> Result<Int, ErrorCode> {
        var filled = 0
        while filled < size {
            let got = posixRead(descriptor, destination + filled, size - filled)
            if got < 0 {
                if errno == EINTR { continue }
                return .failure(ErrorCode(code: errno))
            }
            if got == 0 { break }
            filled += got
        }
        return .success(filled)
    }

    /// Checks that bytes are text the tool can rewrite (no NUL, valid UTF-8) and counts their
    /// lines as `LineMap` does, in one pass for the usual file: every file of a tree goes through
    /// this, and four separate passes (NUL, UTF-8, carriage returns, line breaks) cost more than
    /// reading the file.
    static func inspectText(_ bytes: UnsafeRawBufferPointer, path: String) -> Result<Int, FileProblem> {
        guard !bytes.isEmpty else { return .success(0) }
        // Eight bytes at a time in a 64-bit word. (Swift's SIMD types measured 15 times slower.)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        // The high bit of each byte of `zeroBytes(x)` is set exactly where a byte of x is zero
        // (no borrow crosses bytes, unlike the `x - 0x01…` trick).
        func zeroBytes(_ word: UInt64) -> UInt64 { ~(((word & low7) &+ low7) | word) & highBits }
        var newlines = 0
        var special: UInt64 = 0  // NUL, carriage return or non-ASCII seen, as high bits
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            newlines += zeroBytes(word ^ (ones &* 0x0A)).nonzeroBitCount
            special |= zeroBytes(word) | zeroBytes(word ^ (ones &* 0x0D)) | (word & highBits)
            offset += 8
        }
        let flags = special != 0
        var tailHasSpecial = false
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == 0x0A { newlines += 1 }
            if byte == 0 || byte == 0x0D || byte >= 0x80 { tailHasSpecial = true }
            offset += 1
        }
        if flags || tailHasSpecial {
            // The rare file: find out which, exactly.
            if memchr(bytes.baseAddress!, 0, bytes.count) != nil { return .failure(.binary(path)) }
            if let invalid = firstInvalidUTF8Offset(bytes) { return .failure(.invalidUTF8(path, offset: invalid)) }
            if memchr(bytes.baseAddress!, 0x0D, bytes.count) != nil {
                return .success(LineMap(Array(bytes)).lineCount(byteCount: bytes.count))
            }
        }
        return .success(bytes[bytes.count - 1] == 0x0A ? newlines : newlines + 1)
    }

    /// The offset of the first byte that is not part of valid UTF-8, or nil.
    static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { firstInvalidUTF8Offset($0) }
    }

    /// The offset of the first byte that is not part of valid UTF-8, or nil.
    static func firstInvalidUTF8Offset(_ bytes: UnsafeRawBufferPointer) -> Int? {
        let count = bytes.count
        // ASCII runs are checked eight bytes at a time: most source files are almost all ASCII.
        var index = 0
        while index + 8 <= count {
            if bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
            index += 8
        }
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                while index + 8 <= count, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                }
                continue
            }
            let length: Int
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index
            }
            guard index + length <= count else { return index }
            for offset in 1..<length where bytes[index + offset] & 0xC0 != 0x80 { return index }
            let second = bytes[index + 1]
            if lead == 0xE0 && second < 0xA0 { return index }  // Overlong.
            if lead == 0xED && second > 0x9F { return index }  // Surrogate.
            if lead == 0xF0 && second < 0x90 { return index }  // Overlong.
            if lead == 0xF4 && second > 0x8F { return index }  // Past U+10FFFF.
            index += length
        }
        return nil
    }

    /// Writes `bytes` over `path` atomically: a temporary file in the same folder, flushed, given
    /// the original's permissions, then renamed over it. The original is never half-written.
    static func replaceAtomically(_ path: String, with bytes: [UInt8]) -> FileProblem? {
        var original = stat()
        guard stat(path, &original) == 0 else { return .unwritable(path, reason: errorText(errno)) }
        let directory = parentDirectory(of: path)
        var template = Array("\(directory)/.\(baseName(of: path)).observation-migrate-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return .unwritable(path, reason: errorText(errno)) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure = writeAll(descriptor, bytes)
        if failure == nil, fchmod(descriptor, original.st_mode & 0o7777) != 0 { failure = errno }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            return .unwritable(path, reason: errorText(failure))
        }
        return nil
    }

    /// Writes all of `bytes` to an open file, retrying interrupted writes; the `errno` of a failure.
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32? {
        bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let result = posixWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += result
            }
            return nil
        }
    }

    /// The canonical absolute path of an existing file, symbolic links resolved; nil if it has none.
    static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` is a regular file, following links.
    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether `path` is a directory, following links.
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether `path` itself is a symbolic link.
    static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }

    static func problem(_ path: String, _ code: Int32) -> FileProblem {
        switch code {
        case ENOENT, ENOTDIR: return .notFound(path)
        case ELOOP: return .symlinkLoop(path)
        default: return .unreadable(path, reason: errorText(code))
        }
    }

    /// The name in a directory entry, read up to its terminating NUL where the entry lies.
    /// Loading `d_name` as a value would copy all 256 bytes of the field, past the end of a short
    /// entry at the end of the buffer `readdir` returned (a crash seen in a folder of thousands).
    static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        return String(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
    }

    /// Whether a directory entry's name is valid UTF-8: one that is not reads back with
    /// replacement characters, a path no call can open.
    static func entryNameIsUTF8(_ entry: UnsafeMutablePointer<dirent>) -> Bool {
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        return String(validatingCString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self)) != nil
    }

    /// The folder holding `path` (`PathName.parent`, which the build graph uses too).
    static func parentDirectory(of path: String) -> String { PathName.parent(path) }

    /// The nearest folder, `folder` itself or one above it, holding an entry `name` whose status
    /// `accept` takes (`stat`, or `lstat` without `followingLinks`); nil when none up to the
    /// root (or up to `.` for a relative path). The walk up for `.git` and for the
    /// configuration file.
    static func nearestFolder(from folder: String, holding name: String, followingLinks: Bool,
                              accept: (stat) -> Bool = { _ in true }) -> String? {
        var current = folder
        while true {
            var status = stat()
            let entry = current == "/" ? "/" + name : current + "/" + name
            if (followingLinks ? stat(entry, &status) : lstat(entry, &status)) == 0, accept(status) { return current }
            guard current != "/", current != ".", !current.isEmpty else { return nil }
            current = parentDirectory(of: current)
        }
    }

    /// The last component of `path`.
    static func baseName(of path: String) -> String { PathName.lastComponent(path) }

    /// The C library's message for an `errno` value.
    static func errorText(_ code: Int32) -> String {
        guard let message = strerror(code) else { return "error \(code)" }
        return String(decoding: UnsafeRawBufferPointer(start: message, count: strlen(message)), as: UTF8.self)
    }

    /// The process's working directory.
    static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return buffer.withUnsafeBufferPointer { pointer in
            String(decoding: UnsafeRawBufferPointer(start: pointer.baseAddress, count: strlen(pointer.baseAddress!)), as: UTF8.self)
        }
    }

    /// Whether standard error or output is a terminal, for colour and progress.
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }
}

