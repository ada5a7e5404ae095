@_spi(Patching) @_spi(Tooling) import ComponentFactory
import Foundation

/// Builds an isolated factory for a test: its own assemblies, its own
/// configuration for one environment (`test` unless told), and nothing from
/// outside the test: environment variables are not read, and no state is
/// shared with any other factory.
///
/// `overrides` win over every .properties file, like `--set`; a `patcher`
/// swaps components for doubles before anything is built. `config` is the
/// config root (nil for none). It is `Factory.load`, the app's own entry
/// point, with the outside world left out; `makeAsync(registry:assemblies:config:environment:overrides:patcher:)`
/// is `Factory.loadAsync`, for assemblies with components that suspend.
///
/// ```swift
/// let factory = try TestFactory.make(
///     registry: HumanResourcesRegistry.make(), assemblies: ["Assemblies/HumanResources.xml"],
///     overrides: ["employee.store.class": "SQLiteEmployeeStore"])
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
    ///     let factory = try await TestFactory.makeAsync(registry: TweeterRegistry.make(),
    ///                                                   assemblies: ["Assemblies/Tweeter.xml"], patcher: patcher)
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

    /// A factory for one test: `assemblies` with `config`'s `environment` (`test` by default), `overrides` on top, the process's environment variables ignored, and the `patcher`'s patches in place before anything is built.
    public static func make(
        registry: ComponentRegistry, assemblies: [String], config: String? = "Config", environment: String = "test",
        overrides: [String: String] = [:], patcher: Patcher? = nil
    ) throws -> Factory {
        try make(registry: registry, assemblies: assemblies, options: isolated(config: config.map(Factory.Location.path),
                                                                                  environment: environment, overrides: overrides),
                 patcher: patcher)
    }

    /// A factory for one test, loaded with `options` as they are: what a
    /// test that needs a parent factory, sources of its own or a logger uses.
    /// Their `processEnvironment` is read as given; the other forms give none.
    public static func make(
        registry: ComponentRegistry, assemblies: [String], options: Factory.LoadOptions, patcher: Patcher? = nil
    ) throws -> Factory {
        let patcher = patcher ?? Patcher()
        return try patcher.load { patches in
            try Factory.load(assemblies: assemblies, registry: registry, options: options, patches: patches)
        }
    }

    /// The options of a test's own factory: nothing from the process's environment.
    static func isolated(config: Factory.Location?, environment: String, overrides: [String: String]) -> Factory.LoadOptions {
        Factory.LoadOptions(config: config, environment: environment, overrides: overrides, processEnvironment: [:])
    }

    /// The same, from file URLs, such as a test bundle's resources:
    /// `Bundle.module.url(forResource: "Assemblies", withExtension: nil)`.
    public static func make(
        registry: ComponentRegistry, assemblies: [URL], config: URL? = nil, environment: String = "test",
        overrides: [String: String] = [:], patcher: Patcher? = nil
    ) throws -> Factory {
        try make(registry: registry, assemblies: try Factory.filePaths(assemblies),
                 options: isolated(config: config.map(Factory.Location.url), environment: environment, overrides: overrides),
                 patcher: patcher)
    }

    /// The same factory, loaded with `Factory.loadAsync`: eager singletons
    /// that suspend (an `async` initializer, a main-actor type, an actor)
    /// are built too, each step in its own isolation.
    ///
    /// ```swift
    /// let factory = try await TestFactory.makeAsync(registry: TweeterRegistry.make(), assemblies: ["Assemblies/Tweeter.xml"])
    /// let composer = try await factory.async.component(forKey: "composer", as: TweetComposer.self)
    /// ```
    nonisolated(nonsending) public static func makeAsync(
        registry: ComponentRegistry, assemblies: [String], config: String? = "Config", environment: String = "test",
        overrides: [String: String] = [:], patcher: Patcher? = nil
    ) async throws -> Factory {
        try await makeAsync(registry: registry, assemblies: assemblies,
                            options: isolated(config: config.map(Factory.Location.path), environment: environment, overrides: overrides),
                            patcher: patcher)
    }

    /// `makeAsync(registry:assemblies:config:environment:overrides:patcher:)`
    /// with `options` as they are, as `make(registry:assemblies:options:patcher:)` takes them.
    nonisolated(nonsending) public static func makeAsync(
        registry: ComponentRegistry, assemblies: [String], options: Factory.LoadOptions, patcher: Patcher? = nil
    ) async throws -> Factory {
        let patcher = patcher ?? Patcher()
        return try await patcher.loadAsync { patches in
            try await Factory.loadAsync(assemblies: assemblies, registry: registry, options: options, patches: patches)
        }
    }

    /// `makeAsync(registry:assemblies:config:environment:overrides:patcher:)`
    /// from file URLs, such as a test bundle's resources.
    nonisolated(nonsending) public static func makeAsync(
        registry: ComponentRegistry, assemblies: [URL], config: URL? = nil, environment: String = "test",
        overrides: [String: String] = [:], patcher: Patcher? = nil
    ) async throws -> Factory {
        try await makeAsync(registry: registry, assemblies: try Factory.filePaths(assemblies),
                            options: isolated(config: config.map(Factory.Location.url), environment: environment, overrides: overrides),
                            patcher: patcher)
    }
}
