extension Configuration {
    /// The problems of the configuration itself: a key that one file assigns
    /// twice (a warning: the later value wins), and a property whose value's
    /// placeholders do not resolve. `resolver` is the environment's one
    /// resolver, over this configuration: what it resolves here, the checks
    /// of the assemblies find resolved.
    ///
    /// ```swift
    /// var resolver = PlaceholderResolver(configuration: configuration)
    /// let problems = configuration.problems(resolvingWith: &resolver)
    /// ```
    func problems(resolvingWith resolver: inout PlaceholderResolver) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for case let file as PropertiesFileSource in sources {
            for (overridden, winner) in file.document.duplicates {
                diagnostics.append(Diagnostic(
                    .duplicateProperty, "property '\(winner.key)' is assigned again; the later value wins",
                    at: SourceLocation(file: file.name, line: winner.line), severity: .warning,
                    notes: [Diagnostic.Note("first assigned here", at: SourceLocation(file: file.name, line: overridden.line))]))
            }
        }
        var seen = Set<Diagnostic>()
        for key in keys {
            // A value with no `${` cannot fail to resolve: only the others are resolved here.
            guard let text = property(forKey: key)?.text, Self.mayHoldPlaceholder(text) else { continue }
            do {
                _ = try resolver.value(forKey: key)
            } catch {
                if seen.insert(error).inserted { diagnostics.append(error) }
            }
        }
        return diagnostics
    }

    /// Whether `text` has a `${` anywhere (escaped or not: the resolver decides).
    private static func mayHoldPlaceholder(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == UInt8(ascii: "$") && byte == UInt8(ascii: "{") { return true }
            previous = byte
        }
        return false
    }
}
