#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces several files as one change, as transactional fixers do: either every file is new
/// afterwards, or every file is as it was. A migration unit spans files (the model, its views);
/// half of one written leaves code that no longer compiles.
///
/// Phase one prepares everything that can fail slowly: beside each target, a temporary file with
/// the new bytes and the target's permissions, flushed, and a backup of the target (a hard link,
/// or a copy where the file system has none). Nothing the user sees has changed yet. Phase two
/// renames each temporary file over its target; if a rename fails, the targets already replaced
/// get their backups back. Then the backups go.
struct FileTransaction {
    /// One file to replace: `path` is the file actually written (a symbolic link's target).
    struct Replacement {
        var path: String
        var bytes: [UInt8]
        /// The bytes the new ones were planned from. When given, the transaction replaces nothing
        /// if the file no longer holds them (an editor saved it, another tool rewrote it while
        /// this one ran): writing would lose that change.
        var original: [UInt8]? = nil
    }

    /// Why the transaction did not complete, as one line: what failed, and the state it left.
    struct Failure: Error, CustomStringConvertible {
        /// What failed; nil when the transaction was interrupted before replacing anything.
        var problem: FileProblem?
        /// Files that could not be put back (their backup's path is named), normally none.
        var notRestored: [(path: String, backup: String)] = []
        /// Temporary files and backups that could not be removed (a folder that only takes
        /// appends), named so that "no file was changed" is not taken for a clean folder.
        var leftBehind: [String] = []

        var description: String {
            let left = leftBehind.isEmpty ? "" : "; could not remove " + leftBehind.joined(separator: ", ")
            guard let problem else { return "interrupted before any file was replaced; no file was changed" + left }
            if notRestored.isEmpty { return "\(problem.description); no file was changed" + left }
            return "\(problem.description); could not put back "
                + notRestored.map { "\($0.path) (its original is kept at \($0.backup))" }.joined(separator: ", ") + left
        }
    }

    /// The step a test makes fail, read from `OBSERVATION_MIGRATE_FAIL_WRITE` as `step:suffix`
    /// (`prepare:Views/Root.swift`, `rename:Root.swift`; `signal:Root.swift` sends the process
    /// SIGTERM as that file is prepared, the moment a CI timeout may hit; `change:Root.swift`
    /// appends a line to the file after it is prepared, as an editor saving it meanwhile would).
    /// Tests run as root, which ignores file permissions, so a failing write cannot be provoked
    /// through the file system there; this is the one way in, and nothing else reads it.
    struct InjectedFailure: Equatable {
        var step: String
        var pathSuffix: String

        static func fromEnvironment() -> InjectedFailure? {
            guard let value = getenv("OBSERVATION_MIGRATE_FAIL_WRITE").map({ String(cString: $0) }),
                  let colon = value.firstIndex(of: ":") else { return nil }
            return InjectedFailure(step: String(value[..<colon]), pathSuffix: String(value[value.index(after: colon)...]))
        }

        func fails(_ step: String, _ path: String) -> Bool { self.step == step && path.hasSuffix(pathSuffix) }
    }

    /// A prepared replacement: the temporary file holding the new bytes and the backup of the old.
    private struct Prepared {
        var target: String
        var temporary: String
        var backup: String
    }

    /// Replaces every file, all or nothing. `interrupted` is asked before each file is prepared
    /// and before the renames (`InterruptDeferral`): once it says yes, what was prepared goes
    /// and nothing is replaced. The renames are not interrupted; they take no time.
    static func commit(_ replacements: [Replacement], interrupted: () -> Bool = { false },
                       injected: InjectedFailure? = InjectedFailure.fromEnvironment()) -> Result<Void, Failure> {
        var prepared: [Prepared] = []
        /// Removes every temporary file and backup made so far; those that stay, by path.
        func discard() -> [String] {
            prepared.flatMap { [$0.temporary, $0.backup] }.filter { !remove($0) }
        }
        for replacement in replacements {
            if interrupted() { return .failure(Failure(problem: nil, leftBehind: discard())) }
            if injected?.fails("signal", replacement.path) == true { raise(SIGTERM) }
            switch prepare(replacement, injected: injected) {
            case .success(let entry): prepared.append(entry)
            case .failure(let problem): return .failure(Failure(problem: problem, leftBehind: discard()))
            }
        }
        if interrupted() { return .failure(Failure(problem: nil, leftBehind: discard())) }
        // Last, just before the renames: a file that changed since it was read keeps its change.
        for (entry, replacement) in zip(prepared, replacements) {
            guard let original = replacement.original else { continue }
            if injected?.fails("change", entry.target) == true { appendLine(to: entry.target) }
            guard case .success(let current) = FileSystem.read(entry.target), current == original else {
                return .failure(Failure(problem: .changedSinceRead(entry.target), leftBehind: discard()))
            }
        }
        for (position, entry) in prepared.enumerated() {
            let failed = injected?.fails("rename", entry.target) == true ? EIO : (rename(entry.temporary, entry.target) == 0 ? 0 : errno)
            guard failed != 0 else { continue }
            var notRestored: [(path: String, backup: String)] = []
            for done in prepared[..<position].reversed() where rename(done.backup, done.target) != 0 {
                notRestored.append((done.target, done.backup))
            }
            let kept = Set(notRestored.map(\.backup))
            let leftBehind = prepared.filter { !kept.contains($0.backup) }.flatMap { [$0.temporary, $0.backup] }.filter { !remove($0) }
            return .failure(Failure(problem: .unwritable(entry.target, reason: FileSystem.errorText(failed)), notRestored: notRestored,
                                    leftBehind: leftBehind))
        }
        for entry in prepared { unlink(entry.backup) }
        return .success(())
    }

    /// Removes `path`; whether it is gone (it may never have been made).
    private static func remove(_ path: String) -> Bool {
        unlink(path) == 0 || errno == ENOENT
    }

    /// Appends `// edited meanwhile` to the file at `path`: the injected concurrent edit.
    private static func appendLine(to path: String) {
        let descriptor = open(path, O_WRONLY | O_APPEND)
        guard descriptor >= 0 else { return }
        let line = Array("// edited meanwhile\n".utf8)
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    /// Writes the temporary file and the backup for one replacement; touches nothing else.
    private static func prepare(_ replacement: Replacement, injected: InjectedFailure?) -> Result<Prepared, FileProblem> {
        let path = replacement.path
        /// The failure for an `errno` value.
        func failure(_ code: Int32) -> FileProblem { .unwritable(path, reason: FileSystem.errorText(code)) }
        if injected?.fails("prepare", path) == true { return .failure(failure(EIO)) }
        var original = stat()
        guard stat(path, &original) == 0 else { return .failure(failure(errno)) }
        let temporary: String
        switch writeTemporary(beside: path, suffix: "new", bytes: replacement.bytes, mode: original.st_mode & 0o7777,
                              owner: (original.st_uid, original.st_gid)) {
        case .success(let created): temporary = created
        case .failure(let code): return .failure(failure(code.code))
        }
        // The backup is the original inode itself where the file system allows a second link to
        // it (owner, permissions and bytes come back exactly); a copy of the bytes otherwise.
        let backup = temporaryName(beside: path, suffix: "old")
        if link(path, backup) == 0 { return .success(Prepared(target: path, temporary: temporary, backup: backup)) }
        guard case .success(let bytes) = FileSystem.read(path) else {
            unlink(temporary)
            return .failure(failure(errno))
        }
        switch writeTemporary(beside: path, suffix: "old", bytes: bytes, mode: original.st_mode & 0o7777,
                              owner: (original.st_uid, original.st_gid)) {
        case .success(let copy): return .success(Prepared(target: path, temporary: temporary, backup: copy))
        case .failure(let code):
            unlink(temporary)
            return .failure(failure(code.code))
        }
    }

    /// A hidden name beside `path` that no other file has: `.Name.swift.observation-migrate-old-1234-5`.
    private static func temporaryName(beside path: String, suffix: String) -> String {
        nameCounter += 1
        return "\(FileSystem.parentDirectory(of: path))/.\(FileSystem.baseName(of: path)).observation-migrate-\(suffix)-\(getpid())-\(nameCounter)"
    }

    /// Distinguishes the backup names of one process; `apply` writes from one thread.
    nonisolated(unsafe) private static var nameCounter = 0

    /// Creates a new file beside `path` holding `bytes` with `mode`, flushed to disk; its path, or the `errno`.
    /// It takes the original's owner and group where the process may give them (root in a CI
    /// container writing a bind-mounted checkout); elsewhere it stays the writer's, as any editor's.
    private static func writeTemporary(beside path: String, suffix: String, bytes: [UInt8], mode: mode_t,
                                       owner: (uid_t, gid_t)) -> Result<String, FileSystem.ErrorCode> {
        var template = Array("\(FileSystem.parentDirectory(of: path))/.\(FileSystem.baseName(of: path)).observation-migrate-\(suffix)-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return .failure(FileSystem.ErrorCode(code: errno)) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failed = FileSystem.writeAll(descriptor, bytes)
        // Before the mode: changing the owner clears set-id bits.
        if failed == nil, owner.0 != geteuid() || owner.1 != getegid() { _ = fchown(descriptor, owner.0, owner.1) }
        if failed == nil, fchmod(descriptor, mode) != 0 { failed = errno }
        if failed == nil, fsync(descriptor) != 0 { failed = errno }
        close(descriptor)
        if let failed {
            unlink(temporary)
            return .failure(FileSystem.ErrorCode(code: failed))
        }
        return .success(temporary)
    }
}
