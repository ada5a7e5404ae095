import JavaProperties

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
        // Only a value with `${` can fail to resolve, so only the keys that hold one in some
        // layer are looked up: a keystroke in a big file of plain values hashes no key. In any
        // order, and only the keys that fail sorted, as `keys` orders them.
        var candidates: [String] = []
        var seenCandidates = Set<PropertyKey>()
        for source in sources {
            if let file = source as? PropertiesFileSource {
                for entry in file.document.winners where PlaceholderResolver.mayContainPlaceholder(entry.value)
                    && seenCandidates.insert(PropertyKey(entry.key)).inserted {
                    candidates.append(entry.key)
                }
            } else {
                // Another source's values are not at hand: each of its keys is asked once, below.
                for key in source.listedKeys where seenCandidates.insert(PropertyKey(key)).inserted {
                    candidates.append(key)
                }
            }
        }
        var failures: [(key: String, problem: Diagnostic)] = []
        for key in candidates {
            guard let property = property(forKey: key) else { continue }
            do {
                try resolver.check(key, property)
            } catch {
                failures.append((key, error))
            }
        }
        failures.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        var seen = Set<Diagnostic>()
        for failure in failures where seen.insert(failure.problem).inserted {
            diagnostics.append(failure.problem)
        }
        return diagnostics
    }
}
