import Foundation
import SystemSupport

/// A ``ConfigTree`` read: each file's key with its value and its file. The
/// walk is on an explicit stack and bounded (``maximumDepth``,
/// ``maximumFiles``, ``maximumFileSize``), so that no tree, however deep or
/// linked back on itself, chooses a recursion depth or a size.
///
/// ```swift
/// let source = try ConfigTreeSource.read(ConfigTree("/etc/links/secrets"))
/// source.property(forKey: "db.password")?.isSecret  // true
/// ```
@_spi(Tooling)
public struct ConfigTreeSource: PropertySource {
    /// How deep below the tree's directory a file may be.
    public static let maximumDepth = 16
    /// How many files a tree may hold.
    public static let maximumFiles = 10_000
    /// How large one file may be: a value's own bound.
    public static let maximumFileSize = PlaceholderResolver.maximumLength

    /// The tree read.
    public let tree: ConfigTree
    /// Every directory the walk went through, the tree's own first: what a live factory watches.
    public let directories: [String]
    private let values: [String: (text: String, file: String)]
    /// Whether the files were read; when not, every value is the mask.
    private let valuesRead: Bool

    /// "config tree <path>".
    public var name: String { "config tree \(tree.path)" }
    /// Every key, sorted.
    public var listedKeys: [String] { values.keys.sorted() }

    /// The value of `key`, at its file's line 1, a secret unless the tree says otherwise.
    public func property(forKey key: String) -> PropertyValue? {
        values[key].map {
            PropertyValue(text: $0.text, location: SourceLocation(file: $0.file, line: 1), sourceName: name,
                          isSecret: tree.holdsSecrets || !valuesRead)
        }
    }

    /// Reads `tree` whole. A missing directory supplies nothing when the
    /// tree is optional and is `properties-not-found` otherwise, at `site`
    /// when an assembly named it; a file that is too large or not UTF-8, a
    /// tree too deep or too large, and a link that leads out of the tree are
    /// errors at the file. With `readsValues` false, no file is opened: each
    /// key's value is ``SecretKeys/mask``, a secret, and only the walk's checks apply.
    public static func read(_ tree: ConfigTree, site: SourceLocation? = nil, readsValues: Bool = true) throws(DiagnosticReport)
        -> ConfigTreeSource {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: tree.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            if tree.isOptional { return ConfigTreeSource(tree: tree, directories: [], values: [:], valuesRead: readsValues) }
            throw DiagnosticReport([Diagnostic(.propertiesNotFound, "config tree '\(tree.path)' is not a directory",
                                               at: site ?? SourceLocation(file: tree.path, line: 0))])
        }
        var walk = Walk(tree: tree, readsValues: readsValues)
        walk.run()
        if !walk.problems.isEmpty { throw DiagnosticReport(walk.problems) }
        return ConfigTreeSource(tree: tree, directories: walk.directories, values: walk.values, valuesRead: readsValues)
    }

    /// One walk of a tree: directories on an explicit stack, each real directory visited once.
    private struct Walk {
        let tree: ConfigTree
        let readsValues: Bool
        let contained: ContainedRoot
        /// The tree's own folder, links resolved: inside, though `contained` holds what is below it.
        let realRoot: String?
        var directories: [String] = []
        var values: [String: (text: String, file: String)] = [:]
        var problems: [Diagnostic] = []
        private var visited = Set<String>()

        init(tree: ConfigTree, readsValues: Bool) {
            self.tree = tree
            self.readsValues = readsValues
            contained = ContainedRoot(tree.path)
            realRoot = ContainedRoot.realPath(tree.path)
        }

        mutating func run() {
            var stack: [(path: String, key: [String])] = [(tree.path, [])]
            while let (directory, key) = stack.popLast(), problems.isEmpty {
                guard let real = ContainedRoot.realPath(directory), visited.insert(real).inserted else { continue }
                directories.append(directory)
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
                for name in names where !name.hasPrefix("..") {
                    let path = directory + "/" + name
                    guard contained.contains(path) || ContainedRoot.realPath(path) == realRoot else {
                        problems.append(Diagnostic(.pathOutsideRoot, "'\(path)' is a link out of the config tree '\(tree.path)'",
                                                   at: SourceLocation(file: path, line: 0)))
                        return
                    }
                    var isDirectory: ObjCBool = false
                    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                    if isDirectory.boolValue {
                        guard key.count < ConfigTreeSource.maximumDepth else {
                            problems.append(Diagnostic(.malformedProperties, "the config tree '\(tree.path)' is deeper than "
                                                       + "\(ConfigTreeSource.maximumDepth) folders", at: SourceLocation(file: path, line: 0)))
                            return
                        }
                        stack.append((path, key + [name]))
                    } else {
                        read(path, as: (key + [name]).joined(separator: "."))
                    }
                }
            }
        }

        private mutating func read(_ path: String, as key: String) {
            guard values.count < ConfigTreeSource.maximumFiles else {
                problems.append(Diagnostic(.malformedProperties, "the config tree '\(tree.path)' holds more than "
                                           + "\(ConfigTreeSource.maximumFiles) files", at: SourceLocation(file: path, line: 0)))
                return
            }
            guard readsValues else {
                values[key] = (SecretKeys.mask, path)
                return
            }
            do {
                let bytes = try RegularFile.read(path, maximumSize: ConfigTreeSource.maximumFileSize)
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    problems.append(Diagnostic(.malformedProperties, "'\(path)' is not UTF-8 text: a config tree holds text values",
                                               at: SourceLocation(file: path, line: 1)))
                    return
                }
                values[key] = (ConfigTreeSource.trimmingTrailingLineBreak(text), path)
            } catch {
                problems.append(Diagnostic(.propertiesNotFound, "cannot read '\(path)': \(error.reason)", at: SourceLocation(file: path, line: 0)))
            }
        }
    }

    /// `text` less its line break when it is one line that ends in one (`\n` or `\r\n`), as Spring Boot trims it.
    static func trimmingTrailingLineBreak(_ text: String) -> String {
        var bytes = Substring(text).utf8
        guard bytes.last == UInt8(ascii: "\n"), bytes.count(where: { $0 == UInt8(ascii: "\n") }) == 1 else { return text }
        bytes.removeLast()
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return String(Substring(bytes))
    }
}
