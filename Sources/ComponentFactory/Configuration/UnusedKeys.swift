import JavaProperties

/// The keys that the `.properties` files of one environment set and that
/// nothing reads there: the warning `unused-property` for each, at the line
/// of its last assignment in each file that sets it, with a did-you-mean
/// among the keys that are read.
///
/// A key is read when an assembly's placeholder names it (in a default too,
/// taken or not), when the value of a key read names it in turn, or when an
/// `<app-property>` declares it, by its whole key or a prefix, or when a
/// typed settings field reads it. A key that only other unread values name
/// is unread too: nothing reaches it.
///
/// ```swift
/// let unused = UnusedKeys(read: resolver.readKeys(), declared: assemblies.appProperties)
/// unused.diagnostics(in: configuration)  // [Config/app-production.properties:4: warning: … [unused-property]]
/// ```
struct UnusedKeys {
    private let read: Set<PropertyKey>
    private let declaredKeys: Set<PropertyKey>
    private let declaredPrefixes: PrefixSet
    /// The prefixes of the settings types bound, each with its dot: their fields say which keys under them are read.
    private let settingsPrefixes: PrefixSet

    /// `settingsPrefixes` are the registered settings types' prefixes: a key
    /// under one is read only when a field reads it, whatever prefix an
    /// `<app-property>` declares, so that a misspelled field key is reported
    /// by an app's own tool though the assembly declares the prefix for the
    /// registry-free `factory` tool.
    init(read: Set<PropertyKey>, declared: [AssemblyDocument.AppPropertyDeclaration], settingsPrefixes: [String] = []) {
        self.read = read
        declaredKeys = Set(declared.filter { !$0.isPrefix }.map { PropertyKey($0.name.text) })
        declaredPrefixes = PrefixSet(declared.filter(\.isPrefix).map(\.name.text))
        self.settingsPrefixes = PrefixSet(settingsPrefixes.filter { !$0.isEmpty }.map { $0 + "." })
    }

    /// Whether anything reads `key`.
    func isRead(_ key: String) -> Bool {
        let exact = PropertyKey(key)
        return read.contains(exact) || declaredKeys.contains(exact)
            || (declaredPrefixes.hasPrefix(of: key) && !settingsPrefixes.hasPrefix(of: key))
    }

    /// One warning for each key that a `.properties` file of `configuration` sets and nothing reads.
    func diagnostics(in configuration: Configuration) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var spelling: SpellingIndex?
        for case let file as PropertiesFileSource in configuration.sources {
            for entry in file.document.winners where !isRead(entry.key) {
                if spelling == nil { spelling = SpellingIndex(read.map(\.text) + declaredKeys.map(\.text)) }
                let hint = spelling?.didYouMean(entry.key) ?? ""
                diagnostics.append(Diagnostic(
                    .unusedProperty, "property '\(entry.key)' is set but nothing reads it\(hint)",
                    at: SourceLocation(file: file.name, line: entry.line), severity: .warning,
                    environment: configuration.environment))
            }
        }
        return diagnostics
    }
}

extension UnusedKeys {
    /// `reports` of several environments, with each `unused-property` of a
    /// file that every environment loads (a base file) kept only where no
    /// environment reads the key: a base file's key is there for every
    /// environment, so one that some environment reads is no typo and no
    /// leftover, though the others do not need it. A key an overlay sets is
    /// judged in its own environment alone.
    static func judgingBaseFilesTogether(_ reports: [(environment: String?, report: DiagnosticReport)],
                                         configurations: [Configuration?]) -> [(environment: String?, report: DiagnosticReport)] {
        guard reports.count > 1 else { return reports }
        let everyOnesFiles = configurations.map { configuration in
            Set((configuration?.sources ?? []).compactMap { ($0 as? PropertiesFileSource)?.name })
        }.reduce(nil as Set<String>?) { common, next in common.map { $0.intersection(next) } ?? next } ?? []
        func isBaseKey(_ diagnostic: Diagnostic) -> Bool {
            diagnostic.code == .unusedProperty && everyOnesFiles.contains(diagnostic.location?.file ?? "")
        }
        func plain(_ diagnostic: Diagnostic) -> Diagnostic {
            var copy = diagnostic
            copy.environment = nil
            return copy
        }
        let unreadEverywhere = reports.map { Set($0.report.diagnostics.filter(isBaseKey).map(plain)) }
            .reduce(nil as Set<Diagnostic>?) { common, next in common.map { $0.intersection(next) } ?? next } ?? []
        return reports.map { environment, report in
            (environment, DiagnosticReport(report.diagnostics.filter { !isBaseKey($0) || unreadEverywhere.contains(plain($0)) }))
        }
    }
}

/// Prefixes, kept sorted by their bytes and free of one another (a prefix
/// that starts with another is covered by it, and dropped): then the only
/// prefix that can start a key is the greatest one not after the key, found
/// by binary search. Memory is the prefixes' own bytes, whatever they hold.
struct PrefixSet {
    private let prefixes: [[UInt8]]

    init(_ prefixes: [String]) {
        var sorted = prefixes.map { Array($0.utf8) }.filter { !$0.isEmpty }
        sorted.sort { $0.lexicographicallyPrecedes($1) }
        var kept: [[UInt8]] = []
        for prefix in sorted where !(kept.last.map { prefix.starts(with: $0) } ?? false) {
            kept.append(prefix)
        }
        self.prefixes = kept
    }

    /// Whether `key` starts with one of the prefixes.
    func hasPrefix(of key: String) -> Bool {
        guard !prefixes.isEmpty else { return false }
        let bytes = Array(key.utf8)
        // The first prefix after the key; the one before it is the greatest not after it.
        var low = 0, high = prefixes.count
        while low < high {
            let middle = (low + high) / 2
            if bytes.lexicographicallyPrecedes(prefixes[middle]) { high = middle } else { low = middle + 1 }
        }
        return low > 0 && bytes.starts(with: prefixes[low - 1])
    }
}
