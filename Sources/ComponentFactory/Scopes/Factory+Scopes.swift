extension Factory {
    /// A new request scope over this factory, with `values` for its
    /// `seeded="yes"` components, by key. A key that names no such component
    /// is `unknown-reference`; one that a component of the scope needs and
    /// `values` lacks is `build-failed` when that component is resolved.
    public func openScope(seeding values: [String: any Sendable] = [:]) throws(DiagnosticReport) -> RequestScope {
        let scope = RequestScope(over: self)
        var problems: [Diagnostic] = []
        for (key, value) in values {
            guard let index = seededIndex(key, at: index(ofKey: key), problems: &problems) else { continue }
            // Opened to its own type: a class instance is then kept as itself, with no box and no cast later.
            func instance<Value>(_ value: Value) -> Instance { Instance(value) }
            scope.storage.seed(index, _openExistential(value, do: instance))
        }
        if !problems.isEmpty { throw DiagnosticReport(problems) }
        return scope
    }

    /// A new request scope over this factory, seeded with `seeds`, each made
    /// by ``ComponentHandle/seed(_:)`` from a handle to a `seeded="yes"`
    /// component: as ``openScope(seeding:)-([String:Sendable])``
    /// with no lookup of their keys.
    public func openScope(seeding seeds: [ScopeSeed]) throws(DiagnosticReport) -> RequestScope {
        try openScope(seedingEach: seeds)
    }

    /// A new request scope seeded with each of `seeds`: for an array, or for
    /// one seed with no array made.
    @inlinable
    func openScope(seedingEach seeds: consuming some Sequence<ScopeSeed>) throws(DiagnosticReport) -> RequestScope {
        let scope = RequestScope(over: self)
        var problems: [Diagnostic] = []
        for seed in seeds {
            scope.seed(seed, of: self, problems: &problems)
        }
        if !problems.isEmpty { throw DiagnosticReport(problems) }
        return scope
    }

    /// A new request scope seeded with the one value `seed` gives.
    @usableFromInline
    func openScope(seeding seed: consuming ScopeSeed) throws(DiagnosticReport) -> RequestScope {
        try openScope(seedingEach: CollectionOfOne(seed))
    }

    /// `index`, found for `key`, when it is a seeded request component's;
    /// else nil, and why, in `problems`. `key` is read only to say why.
    func seededIndex(_ key: @autoclosure () -> String, at index: Int?, problems: inout [Diagnostic]) -> Int? {
        if let index, table.isSeeded[index] { return index }
        problems.append(notSeeded(key()))
        return nil
    }

    /// `unknown-reference`: no seeded request component has `key`.
    @inline(never)
    private func notSeeded(_ key: String) -> Diagnostic {
        let candidates = table.plans.filter { table.isSeeded[$0.index] }.map(\.key)
        return Diagnostic(.unknownReference, "no seeded request component '\(key)' to seed"
                              + SpellingSuggestions.didYouMean(key, among: candidates), at: nil)
    }

    /// Runs `body` in a new request scope seeded with `values`, and closes
    /// the scope when `body` returns or throws: what a server's middleware
    /// does around each request. A failure to close is thrown after `body`'s own result.
    @inlinable
    nonisolated(nonsending) public func withScope<Result>(
        seeding values: [String: any Sendable] = [:], _ body: nonisolated(nonsending) (RequestScope) async throws -> Result
    ) async throws -> Result {
        try await openScope(seeding: values).run(body)
    }

    /// Runs `body` in a new request scope seeded with `seeds`, as
    /// ``withScope(seeding:_:)-([String:Sendable],_)`` does, with no lookup of their keys.
    @inlinable
    nonisolated(nonsending) public func withScope<Result>(
        seeding seeds: [ScopeSeed], _ body: nonisolated(nonsending) (RequestScope) async throws -> Result
    ) async throws -> Result {
        try await openScope(seedingEach: seeds).run(body)
    }

    /// Runs `body` in a new request scope seeded with the one value `seed`
    /// gives, as ``withScope(seeding:_:)-([ScopeSeed],_)`` does with
    /// `[seed]`, with no array made: a server that seeds one value (the
    /// request, or its caller) allocates one object less per request.
    @inlinable
    nonisolated(nonsending) public func withScope<Result>(
        seeding seed: consuming ScopeSeed, _ body: nonisolated(nonsending) (RequestScope) async throws -> Result
    ) async throws -> Result {
        try await openScope(seeding: seed).run(body)
    }

    /// `build-failed`: a request component asked for outside any scope.
    func outsideScope(_ plan: ComponentPlan) -> Diagnostic {
        Diagnostic(.buildFailed, "component '\(plan.key)' is request-scoped: resolve it in a scope, "
                       + "factory.openScope(seeding:) or factory.withScope(seeding:_:)", at: plan.location)
    }
}
