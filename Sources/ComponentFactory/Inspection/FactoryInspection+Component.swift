extension FactoryInspection {
    /// One component, as a ``FactoryInspection`` gives it.
    ///
    /// ```json
    /// {"key": "rateLimiter", "type": "RateLimiter", "scope": "singleton", "isolation": "nonisolated",
    ///  "dependencies": ["clock"], "file": "Assemblies/Links.xml", "line": 12, "isBuilt": true, "generation": 2}
    /// ```
    public struct Component: Sendable, Codable, Hashable {
        /// The component's key.
        public let key: String
        /// The registered name of the type it produces.
        public let type: String
        /// Its scope, as an assembly writes it: `singleton`, `prototype`, `object-graph`, `weak-singleton`, `request`.
        public let scope: Scope
        /// Where its type's code runs: `nonisolated`, `@MainActor`, another global actor's name, or `actor`.
        public let isolation: Isolation
        /// Why building it can suspend, as a chain (`viewModel → store → pool
        /// (async init)`); nil when it cannot.
        public let suspension: String?
        /// The keys it needs (arguments, properties, collections, its factory
        /// component and `depends-on`), each once; a parent factory's by its key there.
        public let dependencies: [String]
        /// The assembly that defines it.
        public let file: String
        /// The line of its `<component>` element.
        public let line: Int
        /// Whether its one shared instance is built now; nil for a scope that
        /// keeps none (`prototype`, `object-graph`, `request`).
        public let isBuilt: Bool?
        /// For a built singleton of a ``LiveFactory``, the generation that built
        /// it; nil otherwise.
        public let generation: Int?
    }
}
