import SourceScan

/// Xcode projects live on case-insensitive file systems (APFS's default): a project may name
/// its folder `Gui` while the folder is `GUI` (MiMiNavigator), and Xcode builds it. Read on a
/// case-sensitive file system, such a project would compile nothing, and every file would be
/// outside the build. This maps each path a project names that matches no scanned file or
/// folder exactly to the one scanned path it matches ignoring case; a path matching several
/// (only a case-sensitive file system can hold `GUI` and `Gui` side by side) stays as written.
struct ProjectPathCase {
    /// Every scanned file and every folder above one, exactly as on disk.
    private let exact: Set<String>
    /// The same paths by their lower-cased spelling.
    private let byLowercase: [String: [String]]

    /// The paths of the scanned Swift files (absolute) and their folders.
    init(swiftFiles: [String]) {
        var exact = Set<String>()
        for file in swiftFiles {
            var path = file
            while exact.insert(path).inserted {
                let parent = PathName.parent(path)
                guard parent != path, !parent.isEmpty else { break }
                path = parent
            }
        }
        self.exact = exact
        self.byLowercase = Dictionary(grouping: exact, by: { $0.lowercased() })
    }

    /// The scanned path `path` names, in the tree's case.
    func onDisk(_ path: String) -> String {
        guard !exact.contains(path), let matches = byLowercase[path.lowercased()], matches.count == 1 else { return path }
        return matches[0]
    }

    /// A project's description with every file, folder and exception path in the tree's case.
    func matching(_ description: BuildDescription) -> BuildDescription {
        var description = description
        description.targets = description.targets.map { target in
            var target = target
            target.files = target.files.map(onDisk)
            target.folders = target.folders.map { folder in
                TargetDescription.Folder(path: onDisk(folder.path), excluded: folder.excluded.map(onDisk), only: folder.only?.map(onDisk))
            }
            return target
        }
        return description
    }
}
