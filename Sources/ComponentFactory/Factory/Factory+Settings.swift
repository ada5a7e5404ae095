extension Factory {
    /// The settings of `type`, bound from the factory's environment when it
    /// loaded: for code that reads settings without an assembly naming them
    /// (a factory loaded from `assemblies: []` binds them too). A type that
    /// neither this factory's registry nor a parent's registered is `unknown-class`.
    ///
    /// ```swift
    /// let server = try factory.settings(ServerSettings.self)
    /// ```
    public func settings<S: Settings>(_ type: S.Type = S.self) throws(DiagnosticReport) -> S {
        let identity = TypeIdentity(type)
        var factory: Factory? = self
        while let current = factory {
            if let value = current.table.settings[identity] as? S { return value }
            factory = current.parent
        }
        throw DiagnosticReport([Diagnostic(
            .unknownClass, "settings \(S.self) are not registered; add registry.register(settings: \(S.self).self)", at: nil)])
    }
}
