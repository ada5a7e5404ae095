import Foundation

/// A directory that files must stay inside, symlinks resolved, however they are reached.
package struct ContainedRoot {
    package let path: String
    /// The directory's real path, with a trailing slash; nil when it has none.
    private let prefix: String?

    package init(_ path: String) {
        self.path = path
        self.prefix = ContainedRoot.realPath(path).map { $0 == "/" ? $0 : $0 + "/" }
    }

    /// Whether `file`, symlinks resolved, is inside the root.
    package func contains(_ file: String) -> Bool {
        guard let prefix, let real = ContainedRoot.realPath(file) else { return false }
        return real.hasPrefix(prefix)
    }

    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
