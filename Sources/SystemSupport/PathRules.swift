/// How relative paths in assemblies (`location=`, `import resource=`) are
/// resolved: textually, with `.` and `..` folded, and never outside a root.
package enum PathRules {
    /// `relative` folded into a path below its root, or nil when it is
    /// absolute, empty, or climbs out with `..`.
    package static func normalized(_ relative: String) -> String? {
        guard !relative.hasPrefix("/") else { return nil }
        var parts: [Substring] = []
        for part in relative.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard parts.popLast() != nil else { return nil }
            default: parts.append(part)
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// `directory/relative`, without doubling a slash.
    package static func join(_ directory: String, _ relative: String) -> String {
        if directory.isEmpty || directory == "." { return relative }
        return directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }

    /// The directory part of a path, or "." for a bare file name.
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
