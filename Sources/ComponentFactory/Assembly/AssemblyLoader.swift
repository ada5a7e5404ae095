import Foundation
import JavaProperties
import SystemSupport

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
@_spi(Tooling)
public enum AssemblyLoader {
    /// The assemblies read, with what was given to read them.
    public struct Loading: Sendable {
        /// The documents, with every problem found reading them.
        public var assemblies: AssemblySet
        /// Paths that were named but cannot be read: exit status 2. They are
        /// among `assemblies.diagnostics` too, first.
        public var unreadable: [Diagnostic]
        /// How many times libxml2 parsed a document: one per file read, two with the schema check.
        public var parses = 0

        /// Problems in the files (exit status 1): the set's diagnostics less the unreadable paths.
        public var diagnostics: [Diagnostic] {
            Array(assemblies.diagnostics.dropFirst(unreadable.count))
        }
    }

    /// Loads `paths`: assembly files, or directories of them, with every
    /// import. `unsaved` holds text that stands in for a file's bytes on disk,
    /// keyed by the file's path (an editor's open, unsaved documents).
    public static func load(paths: [String], checkSchema: Bool = true, unsaved: [String: [UInt8]] = [:]) -> Loading {
        var state = LoaderState(checkSchema: checkSchema)
        for (path, bytes) in unsaved {
            state.unsaved[ContainedRoot.realPath(path) ?? (path as NSString).standardizingPath] = bytes
        }
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                state.unreadable.append(Diagnostic(.importNotFound, "no such assembly file or directory", at: SourceLocation(file: path, line: 0)))
                continue
            }
            if isDirectory.boolValue {
                let files: [String]
                do {
                    files = try xmlFiles(in: path)
                } catch {
                    state.unreadable.append(Diagnostic(.importNotFound, "cannot list the assembly directory: \(error.reason)",
                                                       at: SourceLocation(file: path, line: 0)))
                    continue
                }
                let root = ContainedRoot(path)
                for file in files {
                    state.load(PathRules.join(path, file), root: root, named: false)
                }
            } else {
                state.load(path, root: ContainedRoot(PathRules.directory(of: path)), named: true)
            }
        }
        return Loading(assemblies: AssemblySet(documents: state.documents, diagnostics: state.unreadable + state.diagnostics),
                       unreadable: state.unreadable, parses: state.parses)
    }

    /// The `*.xml` names in `directory`, sorted; a directory that cannot be listed throws why.
    static func xmlFiles(in directory: String) throws(RegularFile.Failure) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".xml") }.sorted()
        } catch {
            throw RegularFile.Failure(reason: (error as NSError).localizedFailureReason ?? error.localizedDescription)
        }
    }
}

/// Reads files and follows their imports depth-first, on an explicit stack,
/// so that no chain of imports, however long, can overflow the call stack.
private struct LoaderState {
    /// A file whose imports are being followed.
    private struct Frame {
        let identity: String
        let file: String
        let root: ContainedRoot
        let imports: [AssemblyDocument.ImportDeclaration]
        var next = 0
    }

    let checkSchema: Bool
    /// Text to read instead of a file's bytes, by real path.
    var unsaved: [String: [UInt8]] = [:]
    var documents: [AssemblyDocument] = []
    var diagnostics: [Diagnostic] = []
    var unreadable: [Diagnostic] = []
    var parses = 0
    /// Every file read or being read, by real path.
    private var loaded = Set<String>()
    /// The files whose imports are being followed, by real path: an import of one of them is a cycle.
    private var onPath: [String: Int] = [:]
    private var stack: [Frame] = []

    init(checkSchema: Bool) {
        self.checkSchema = checkSchema
    }

    /// Reads `file` (named on the command line, or listed in a directory) and everything it imports.
    mutating func load(_ file: String, root: ContainedRoot, named: Bool) {
        if !named && !root.contains(file) {
            diagnostics.append(Diagnostic(.pathOutsideRoot, "'\(file)' is a link to a file outside the assemblies root '\(root.path)'",
                                          at: SourceLocation(file: file, line: 0)))
            return
        }
        visit(file, root: root, site: nil)
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].imports.count else {
                onPath[stack[top].identity] = nil
                stack.removeLast()
                continue
            }
            let declaration = stack[top].imports[stack[top].next]
            stack[top].next += 1
            followImport(declaration, from: stack[top].file, root: stack[top].root)
        }
    }

    /// Reads `file` unless it was read already, and puts it on the stack to follow its imports.
    private mutating func visit(_ file: String, root: ContainedRoot, site: SourceLocation?) {
        let identity = ContainedRoot.realPath(file) ?? (file as NSString).standardizingPath
        if let start = onPath[identity], let site {
            let path = (stack[start...].map(\.identity) + [identity]).map { ($0 as NSString).lastPathComponent }
            diagnostics.append(Diagnostic(.importCycle, "import cycle: " + path.joined(separator: " → "), at: site))
            return
        }
        guard loaded.insert(identity).inserted else { return }
        let bytes: [UInt8]
        do {
            if let text = unsaved[identity] {
                bytes = text
            } else {
                bytes = try RegularFile.read(file, maximumSize: AssemblyReader.maximumSize)
            }
        } catch {
            let diagnostic = Diagnostic(.importNotFound, "cannot read assembly '\(file)': \(error.reason)", at: site ?? SourceLocation(file: file, line: 0))
            if site == nil { unreadable.append(diagnostic) } else { diagnostics.append(diagnostic) }
            return
        }
        let reading = AssemblyReader.read(bytes: bytes, file: file, checkSchema: checkSchema)
        parses += reading.parses
        documents.append(reading.document)
        diagnostics += reading.diagnostics
        guard !reading.document.imports.isEmpty else { return }
        onPath[identity] = stack.count
        stack.append(Frame(identity: identity, file: file, root: root, imports: reading.document.imports))
    }

    private mutating func followImport(_ declaration: AssemblyDocument.ImportDeclaration, from file: String, root: ContainedRoot) {
        let resource = declaration.resource
        let directory = PathRules.directory(of: file)
        let path = PathRules.join(directory, resource.text)
        let base = Self.absolute(root.path)
        guard !resource.text.hasPrefix("/"), Self.absolute(path).hasPrefix(base == "/" ? "/" : base + "/") else {
            diagnostics.append(Diagnostic(.pathOutsideRoot, "import '\(resource.text)' is outside the assemblies root '\(root.path)'",
                                          at: resource.location))
            return
        }
        guard FileManager.default.fileExists(atPath: path) else {
            let siblings = (try? AssemblyLoader.xmlFiles(in: directory)) ?? []
            diagnostics.append(Diagnostic(
                .importNotFound,
                "imported assembly '\(resource.text)' not found" + SpellingSuggestions.didYouMean(resource.text, among: siblings),
                at: resource.location))
            return
        }
        guard root.contains(path) else {
            diagnostics.append(Diagnostic(.pathOutsideRoot, "import '\(resource.text)' is outside the assemblies root '\(root.path)'",
                                          at: resource.location))
            return
        }
        visit(path, root: root, site: resource.location)
    }

    /// `path` made absolute against the working directory, with `.` and `..` folded.
    private static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : PathRules.join(FileManager.default.currentDirectoryPath, path)
        return (full as NSString).standardizingPath
    }
}
