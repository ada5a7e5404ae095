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
            guard let property = property(forKey: key) else { continue }
            do {
                try resolver.check(key, property)
            } catch {
                if seen.insert(error).inserted { diagnostics.append(error) }
            }
        }
        return diagnostics
    }
}
