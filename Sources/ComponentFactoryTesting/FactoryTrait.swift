import ComponentFactory
import Testing
import Foundation

/// A Swift Testing trait that gives each test its own factory, reachable in
/// the test's body as ``TestFactory/current``: tests run in parallel with
/// no factory, patch or singleton shared between them.
///
/// Each run of a test, and each case of a parameterized one, gets a factory
/// made for it alone (a patcher of its own, with the patches applied before
/// anything is built), which is shut down when the case ends. Applied to a
/// suite, it gives every test of the suite, and of the suites inside it,
/// its own factory the same way.
///
/// ```swift
/// @Test(.factory(assemblies: ["Assemblies/Tweeter.xml"], registry: TweeterRegistry.make(),
///                patches: { try $0.patch("transport", with: RecordingTransport()) }))
/// func postingSendsOneRequest() async throws {
///     let composer = try await TestFactory.current.async.component(forKey: "composer", as: TweetComposer.self)
///     …
/// }
/// ```
public struct FactoryTrait: TestTrait, SuiteTrait, TestScoping {
    /// Makes the factory of one test case, given a new patcher of its own.
    let make: @Sendable (Patcher) async throws -> Factory

    /// Every test of a suite it is applied to gets its own factory.
    public var isRecursive: Bool { true }

    /// A factory per test case; none for a suite as a whole.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> FactoryTrait? {
        testCase == nil ? nil : self
    }

    /// Makes the test case's factory, runs the case with it as ``TestFactory/current``, and shuts it down.
    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        let factory = try await make(Patcher())
        try await TestFactory.withFactory(factory) { _ in try await function() }
    }
}

extension Trait where Self == FactoryTrait {
    /// Each test case gets a factory of its own, made as
    /// `TestFactory.makeAsync(assemblies:registry:options:patcher:)` makes
    /// one (`options` by default `.test()`), with `patches` applied to its
    /// own ``Patcher`` first; the test reaches it as ``TestFactory/current``.
    /// `registry` is made anew for each case too, and may throw
    /// (`registry: try AppRegistry.make()`): the case then fails with its error.
    public static func factory(
        assemblies: [Factory.Location], registry: @autoclosure @escaping @Sendable () throws -> ComponentRegistry,
        options: Factory.LoadOptions = .test(), patches: @escaping @Sendable (Patcher) throws -> Void = { _ in }
    ) -> Self {
        patched(patches) { patcher in
            try await TestFactory.makeAsync(assemblies: assemblies, registry: registry(), options: options, patcher: patcher)
        }
    }

    /// A trait whose factory `make` makes, once `patches` are on the case's own patcher.
    private static func patched(_ patches: @escaping @Sendable (Patcher) throws -> Void,
                                _ make: @escaping @Sendable (Patcher) async throws -> Factory) -> Self {
        FactoryTrait { patcher in
            try patches(patcher)
            return try await make(patcher)
        }
    }

    /// Each test case gets the factory `make` returns for it, given a
    /// ``Patcher`` of the case's own to load it with (`patcher.load` or
    /// `TestFactory.make(…, patcher:)`) or to attach to it.
    public static func factory(_ make: @escaping @Sendable (Patcher) async throws -> Factory) -> Self {
        FactoryTrait(make: make)
    }
}
