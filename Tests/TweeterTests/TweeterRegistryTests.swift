@_spi(Tooling) import ComponentFactory
import Testing
import Tweeter

/// The example's registry is the one call the RegisterComponents plugin
/// generates: every `@Component` and `@Settings` type of the target, with no list kept by hand.
@Suite struct TweeterRegistryTests {
    @Test func theGeneratedCallRegistersEveryMarkedTypeOfTheTarget() throws {
        let registry = try TweeterRegistry.make()
        for name in ["DraftStore", "TweetClient", "TweetComposer", "URLSessionTransport"] {
            #expect(registry.names.contains(name), "\(name) is @Component in the target")
        }
        #expect(registry.settingsTypes.contains { $0 == TransportSettings.self })
    }
}
