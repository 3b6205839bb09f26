#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Lexical path arithmetic for paths that must mean the same thing from different working
/// directories: configuration globs (relative to the configuration file) and baseline entries
/// (relative to the baseline file). Purely textual except `absolute(_:)` and `resolved(_:)`.
enum PathArithmetic {
    /// `path` without `.` components, empty components, and `..` folded into its parent where
    /// there is one. Keeps a leading `/`.
    static func normalize(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".":
                continue
            case "..":
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                } else if !isAbsolute {
                    parts.append(component)
                }  // `/..` is `/`.
            default:
                parts.append(component)
            }
        }
        let joined = parts.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// `path` made absolute against `directory` (itself absolute), then normalized.
    static func absolute(_ path: String, in directory: String) -> String {
        normalize(path.hasPrefix("/") ? path : directory + "/" + path)
    }

    /// `path` made absolute against the process's working directory.
    static func absolute(_ path: String) -> String { absolute(path, in: FileSystem.currentDirectory()) }

    /// The real absolute path of an existing file or folder (symbolic links resolved), or the
    /// lexical absolute path when it does not exist. Used on folders the user names, so they
    /// compare equal to `getcwd`, which also resolves links.
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return absolute(path) }
        defer { free(real) }
        return String(cString: real)
    }

    /// The path that leads from folder `base` to `target`; both absolute and normalized.
    /// `relative(from: "/a/b", to: "/a/c/d")` is `../c/d`; the same path gives `.`.
    static func relative(from base: String, to target: String) -> String {
        let baseParts = base.split(separator: "/")
        let targetParts = target.split(separator: "/")
        var common = 0
        while common < baseParts.count, common < targetParts.count, baseParts[common] == targetParts[common] { common += 1 }
        let ups = Array(repeating: "..", count: baseParts.count - common)
        let parts = ups + targetParts[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// The folder part of a path (`.` for a bare name).
    static func directory(of path: String) -> String { FileSystem.parentDirectory(of: path) }
}
