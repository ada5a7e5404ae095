@_spi(Patching) @_spi(Tooling) import ComponentFactory
import Foundation

/// Builds an isolated factory for a test: its own assemblies, its own
/// configuration for one environment (`test` unless told), and nothing from
/// outside the test: environment variables are not read, and no state is
/// shared with any other factory.
///
/// It takes `Factory.load`'s parameters, in its order, with
/// `Factory.LoadOptions.test(config:environment:overrides:)` for options:
/// the config root `Config`, the environment `test`, `overrides` that win
/// over every .properties file (like `--set`), and nothing read from the
/// process's environment. Options of your own (a logger, a parent factory,
/// sources) are read as given. A `patcher` swaps components for doubles
/// before anything is built. `makeAsync(assemblies:registry:options:patcher:)`
/// is `Factory.loadAsync`, for assemblies with components that suspend.
///
/// ```swift
/// let factory = try TestFactory.make(
///     assemblies: ["Assemblies/HumanResources.xml"], registry: HumanResourcesRegistry.make(),
///     options: .test(overrides: ["employee.store.class": "SQLiteEmployeeStore"]))
/// let report = try factory.component(forKey: "salaryReport", as: SalaryReport.self)
/// ```
///
/// Every problem in the assemblies, the configuration or against the
/// registry is thrown together as a `DiagnosticReport`, each with its file:line.
public enum TestFactory {
    /// The factory of the test under way: the one the ``FactoryTrait``
    /// (`.factory(…)`) made for this test case, or that ``withFactory(_:_:)``
    /// runs its body with. Throws ``NoTestFactory`` outside both, rather
    /// than handing out some other test's factory.
    public static var current: Factory {
        get throws(NoTestFactory) {
            guard let factory = currentFactory else { throw NoTestFactory() }
            return factory
        }
    }

    @TaskLocal static var currentFactory: Factory?

    /// Runs `body` with `factory` as ``current``, then shuts the factory
    /// down, whether `body` returned or threw: what the trait does around
    /// each test case, and what an XCTest test calls itself.
    ///
    /// ```swift
    /// func testPostingSendsOneRequest() async throws {
    ///     let patcher = Patcher()
    ///     try patcher.patch("transport", with: RecordingTransport())
    ///     let factory = try await TestFactory.makeAsync(assemblies: ["Assemblies/Tweeter.xml"],
    ///                                                   registry: TweeterRegistry.make(), patcher: patcher)
    ///     try await TestFactory.withFactory(factory) { factory in … }
    /// }
    /// ```
    nonisolated(nonsending) public static func withFactory<Result: Sendable>(
        _ factory: Factory, _ body: @Sendable (Factory) async throws -> Result
    ) async throws -> Result {
        let result: Result
        do {
            result = try await $currentFactory.withValue(factory) { try await body(factory) }
        } catch {
            try await factory.async.shutdown()
            throw error
        }
        try await factory.async.shutdown()
        return result
    }

    /// A factory for one test: `assemblies` loaded with `options`
    /// (by default `.test()`: `Config`'s `test` environment, no environment
    /// variables read), and the `patcher`'s patches in place before anything is built.
    public static func make(
        assemblies: [Factory.Location], registry: ComponentRegistry, options: Factory.LoadOptions = .test(), patcher: Patcher? = nil
    ) throws -> Factory {
        let patcher = patcher ?? Patcher()
        return try patcher.load { patches in
            try Factory.load(assemblies: assemblies, registry: registry, options: options, patches: patches)
        }
    }

    /// The same factory, loaded with `Factory.loadAsync`: eager singletons
    /// that suspend (an `async` initializer, a main-actor type, an actor)
    /// are built too, each step in its own isolation.
    ///
    /// ```swift
    /// let factory = try await TestFactory.makeAsync(assemblies: ["Assemblies/Tweeter.xml"], registry: TweeterRegistry.make())
    /// let composer = try await factory.async.component(forKey: "composer", as: TweetComposer.self)
    /// ```
    nonisolated(nonsending) public static func makeAsync(
        assemblies: [Factory.Location], registry: ComponentRegistry, options: Factory.LoadOptions = .test(), patcher: Patcher? = nil
    ) async throws -> Factory {
        let patcher = patcher ?? Patcher()
        return try await patcher.loadAsync { patches in
            try await Factory.loadAsync(assemblies: assemblies, registry: registry, options: options, patches: patches)
        }
    }
}

extension Factory.LoadOptions {
    /// The options of a test's own factory: the config root `config`
    /// (`Config` unless told; nil for none), the `environment` (`test` unless
    /// told), `overrides` above every file, and nothing read from the
    /// process's environment, so that no variable set outside the test
    /// changes what it loads. A value, to change further before use.
    ///
    /// ```swift
    /// var options = Factory.LoadOptions.test(overrides: ["clock.zone": "UTC"])
    /// options.logger = logger
    /// ```
    public static func test(config: Factory.Location? = "Config", environment: String = "test",
                            overrides: [String: String] = [:]) -> Factory.LoadOptions {
        Factory.LoadOptions(config: config, environment: environment, overrides: overrides, processEnvironment: [:])
    }
}
