#if Reloading
import ComponentFactoryConfiguration
import ComponentFactoryTesting
import Configuration
import ConfigurationTesting
import Foundation
import JavaProperties
import SystemPackage
import Testing

/// `ReloadingFileProvider<PropertiesSnapshot>`, which this package offers
/// only with its `Reloading` trait on: `swift test --traits Reloading`.
@Suite struct ReloadingPropertiesTests {
    /// Found next to this file, so that the ThreadSanitizer package, which links this file, finds it too.
    private var compatFile: FilePath {
        FilePath(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/provider-compat.properties").path)
    }

    @Test func reloadingFileProviderPassesSwiftConfigurationsConformanceSuite() async throws {
        let provider = try await ReloadingFileProvider<PropertiesSnapshot>(filePath: compatFile, pollInterval: .milliseconds(50))
        try await ProviderCompatTest(provider: provider).runTest()
    }

    @Test func aChangedFileIsPickedUpByTheReloadingProvider() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("app.properties", "greeting = hello\n")
        let provider = try await ReloadingFileProvider<PropertiesSnapshot>(filePath: FilePath(path), pollInterval: .milliseconds(20))
        let config = ConfigReader(provider: provider)
        #expect(config.string(forKey: "greeting") == "hello")
        let running = Task { try await provider.run() }
        defer { running.cancel() }
        // The file's time must move for the provider to look again.
        try await Task.sleep(for: .milliseconds(50))
        try "greeting = bonjour\n".write(toFile: path, atomically: true, encoding: .utf8)
        let changed = try await provider.watchValue(forKey: AbsoluteConfigKey(["greeting"]), type: .string) { updates in
            for try await update in updates {
                if case .string(let text) = try update.get().value?.content, text == "bonjour" { return true }
            }
            return false
        }
        #expect(changed)
        #expect(config.string(forKey: "greeting") == "bonjour")
    }

    @Test func aMalformedFileFailsWithFileLineAndColumnAsTheFileProviderSays() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("bad.properties", "good = 1\nbad = \\u12G4\n")
        let error = try await #require(throws: PropertiesError.self) {
            _ = try await FileProvider(propertiesFile: FilePath(path))
        }
        let reloading = try await #require(throws: PropertiesError.self) {
            _ = try await ReloadingFileProvider(propertiesFile: FilePath(path))
        }
        #expect(reloading.description == error.description)
    }
}
#endif
