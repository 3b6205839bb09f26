#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a report or baseline file whole or not at all, through `FileSystem.replaceAtomically`
/// (a temporary file in the same folder, flushed, renamed over the target). A CI step that reads
/// the file (a SARIF upload, a JUnit collector) never sees half of it, even if the run is killed.
enum OutputFile {
    /// Writes `text` to `path`; the reason as a one-line failure when it cannot.
    static func write(_ text: String, to path: String) throws {
        // `replaceAtomically` keeps an existing file's permissions, so a new file is created
        // first, empty, with the mode any new file of the user's gets (0666 less the umask).
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        let created = descriptor >= 0
        if created {
            close(descriptor)
        } else if errno != EEXIST {
            throw ToolFailure("\(path): cannot write: \(String(cString: strerror(errno)))")
        }
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR { throw ToolFailure("\(path): cannot write: is a directory") }
        if let problem = FileSystem.replaceAtomically(path, with: Array(text.utf8)) {
            if created { unlink(path) }
            throw ToolFailure(problem.description)
        }
    }
}
