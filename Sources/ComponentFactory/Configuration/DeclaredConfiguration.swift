extension ConfigurationLoader {
    /// The configuration that `assemblies` declare for `environment` (nil:
    /// base files only): the files their `property-placeholder` locations
    /// list, in order, with each one's overlay; every base file of the root,
    /// sorted, when no assembly declares any.
    ///
    /// A location may hold placeholders (`app-${region}.properties`). Only
    /// the layers above the files can answer them (environment variables,
    /// sources, overrides and the built-in `env`), so such locations are
    /// resolved against those layers alone, before any file is read; a
    /// location without `${` is taken as written.
    ///
    /// ```swift
    /// let configuration = try loader.configuration(declaredBy: assemblies, environment: "test")
    /// ```
    public func configuration(declaredBy assemblies: AssemblySet, environment: String?) throws(DiagnosticReport) -> Configuration {
        try configuration(declaring: assemblies.placeholderLocations, environment: environment)
    }

    /// The configuration of `declared`, the `property-placeholder` locations
    /// of some assemblies (or of their compiled wiring), for `environment`, by the same rule.
    func configuration(declaring declared: [AttributeValue], environment: String?) throws(DiagnosticReport) -> Configuration {
        guard !declared.isEmpty else { return try load(environment: environment, locations: nil) }
        guard declared.contains(where: { $0.text.contains("${") }) else { return try load(environment: environment, locations: declared) }
        var resolver = PlaceholderResolver(configuration: try load(environment: environment, locations: []))
        var resolved: [AttributeValue] = []
        var problems: [Diagnostic] = []
        for location in declared {
            do {
                resolved.append(AttributeValue(try resolver.resolve(location.text, at: location.location), at: location.location))
            } catch {
                problems.append(error)
            }
        }
        guard problems.isEmpty else { throw DiagnosticReport(problems) }
        return try load(environment: environment, locations: resolved)
    }
}
