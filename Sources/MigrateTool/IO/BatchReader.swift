import SourceScan

/// Reads many files on both cores, each batch of files through one reused buffer, and keeps only
/// what the caller extracts from each file's bytes.
///
/// Most files of a tree are looked at once (is it text, does it mention observation, how many
/// lines); reading each into its own fresh array made the kernel fault in and zero as many
/// pages as the tree has bytes. Here a file is copied out only when the caller copies it.
enum BatchReader {
    /// Files per batch: enough that a buffer is reused many times, few enough that both cores
    /// get a fair share of a small tree.
    static let batchSize = 32

    /// Calls `extract` with each path and its bytes (valid only during the call), in parallel,
    /// and returns the results in the order of `paths`.
    static func map<Output: Sendable>(_ paths: [String],
                                      _ extract: @Sendable (_ path: String, _ bytes: Result<UnsafeRawBufferPointer, FileProblem>) -> Output) -> [Output] {
        let starts = Array(stride(from: 0, to: paths.count, by: batchSize))
        return concurrentMap(starts) { start -> [Output] in
            var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
            defer { buffer.deallocate() }
            return paths[start..<min(start + batchSize, paths.count)].map { path in
                extract(path, FileSystem.read(path, reusing: &buffer))
            }
        }.flatMap { $0 }
    }
}
