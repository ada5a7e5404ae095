import Foundation

/// Loads assembly files and directories, following `<import>`s.
///
/// A directory contributes its `*.xml` files, sorted; a file, itself. An
/// import is relative to the importing file and must stay inside the root:
/// the directory that was named, or the directory of the file that was.
/// Each file is read once; a file that imports itself, directly or not, is
/// `import-cycle`; a missing import is `import-not-found`.
///
/// ```swift
/// let loaded = AssemblyLoader.load(paths: ["Assemblies"])
/// loaded.assemblies.components.count
/// loaded.diagnostics  // reading, schema and import problems
/// ```
///
/// The set carries every problem, the unreadable paths' too, so that a
/// factory refuses it whichever way it is handed on.
public enum AssemblyLoader {
    public struct Loading: Sendable {
        /// The documents, with every problem found reading them.
        public var assemblies: AssemblySet
        /// Paths that were named but cannot be read: exit status 2. They are
        /// among `assemblies.diagnostics` too, first.
        public var unreadable: [Diagnostic]

        /// Problems in the files (exit status 1): the set's diagnostics less the unreadable paths.
        public var diagnostics: [Diagnostic] {
            Array(assemblies.diagnostics.dropFirst(unreadable.count))
        }
    }

    public static func load(paths: [String], checkSchema: Bool = true) -> Loading {
        var state = LoaderState(checkSchema: checkSchema)
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                state.unreadable.append(Diagnostic(.importNotFound, "no such assembly file or directory", at: SourceLocation(file: path, line: 0)))
                continue
            }
            if isDirectory.boolValue {
                for file in xmlFiles(in: path) {
                    state.visit(PathRules.join(path, file), root: path, chain: [], site: nil)
                }
            } else {
                state.visit(path, root: PathRules.directory(of: path), chain: [], site: nil)
            }
        }
        return Loading(assemblies: AssemblySet(documents: state.documents, diagnostics: state.unreadable + state.diagnostics),
                       unreadable: state.unreadable)
    }

    static func xmlFiles(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".xml") }.sorted()
    }
}

private struct LoaderState {
    let checkSchema: Bool
    var documents: [AssemblyDocument] = []
    var diagnostics: [Diagnostic] = []
    var unreadable: [Diagnostic] = []
    private var loaded = Set<String>()

    init(checkSchema: Bool) {
        self.checkSchema = checkSchema
    }

    /// Reads `file` unless it was read already, then its imports.
    /// `chain` is the import path that led here, for cycle detection.
    mutating func visit(_ file: String, root: String, chain: [String], site: SourceLocation?) {
        let identity = (file as NSString).standardizingPath
        if let start = chain.firstIndex(of: identity), let site {
            let path = (chain[start...] + [identity]).map { ($0 as NSString).lastPathComponent }
            diagnostics.append(Diagnostic(.importCycle, "import cycle: " + path.joined(separator: " → "), at: site))
            return
        }
        guard loaded.insert(identity).inserted else { return }
        guard let data = FileManager.default.contents(atPath: file) else {
            let diagnostic = Diagnostic(.importNotFound, "cannot read assembly '\(file)'", at: site ?? SourceLocation(file: file, line: 0))
            if site == nil { unreadable.append(diagnostic) } else { diagnostics.append(diagnostic) }
            return
        }
        let reading = AssemblyReader.read(bytes: Array(data), file: file, checkSchema: checkSchema)
        documents.append(reading.document)
        diagnostics += reading.diagnostics
        for declaration in reading.document.imports {
            visitImport(declaration, from: file, root: root, chain: chain + [identity])
        }
    }

    private mutating func visitImport(_ declaration: AssemblyDocument.ImportDeclaration, from file: String, root: String, chain: [String]) {
        let resource = declaration.resource
        let directory = PathRules.directory(of: file)
        let base = Self.absolute(root)
        let target = Self.absolute(PathRules.join(directory, resource.text))
        guard !resource.text.hasPrefix("/"), target.hasPrefix(base == "/" ? "/" : base + "/") else {
            diagnostics.append(Diagnostic(.pathOutsideRoot, "import '\(resource.text)' is outside the assemblies root '\(root)'",
                                          at: resource.location))
            return
        }
        let path = PathRules.join(directory, resource.text)
        guard FileManager.default.fileExists(atPath: path) else {
            diagnostics.append(Diagnostic(
                .importNotFound,
                "imported assembly '\(resource.text)' not found"
                    + SpellingSuggestions.didYouMean(resource.text, among: AssemblyLoader.xmlFiles(in: directory)),
                at: resource.location))
            return
        }
        visit(path, root: root, chain: chain, site: resource.location)
    }

    /// `path` made absolute against the working directory, with `.` and `..` folded.
    private static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : PathRules.join(FileManager.default.currentDirectoryPath, path)
        return (full as NSString).standardizingPath
    }
}
