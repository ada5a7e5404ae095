/// The registry-free checks of one environment's configuration: every
/// property's placeholders resolve, and no file assigns a key twice.
///
/// ```swift
/// let diagnostics = ConfigurationValidator.check(try loader.load(environment: "test"))
/// ```
public enum ConfigurationValidator {
    /// Duplicate keys (warnings) and unresolvable placeholders in the files' values.
    public static func check(_ configuration: Configuration) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for case let file as PropertiesFileSource in configuration.sources {
            for (overridden, winner) in file.document.duplicates {
                diagnostics.append(Diagnostic(
                    .duplicateProperty, "property '\(winner.key)' is assigned again; the later value wins",
                    at: SourceLocation(file: file.name, line: winner.line), severity: .warning,
                    notes: [Diagnostic.Note("first assigned here", at: SourceLocation(file: file.name, line: overridden.line))]))
            }
        }
        var resolver = PlaceholderResolver(configuration: configuration)
        var seen = Set<Diagnostic>()
        for key in configuration.keys {
            do {
                _ = try resolver.value(forKey: key)
            } catch {
                if seen.insert(error).inserted { diagnostics.append(error) }
            }
        }
        return diagnostics
    }
}
