import ComponentFactoryMacros
import ComponentFactoryTesting
import Foundation
import Testing

/// A log level, converted by the registry's own enum converter.
enum LogLevel: String, CaseIterable, Sendable {
    case debug, info, warning
}

/// Settings that `@Settings` binds: kebab-case keys, a key of its own, an
/// optional, a custom converter's type, and a constraint of each kind.
@Settings(prefix: "mail")
struct MailSettings: Equatable {
    @NotEmpty @Matching("[a-z0-9.-]+") var host = "localhost"
    @Within(1...65_535) var port = 25
    @SettingKey("from") var sender: String
    var connectTimeout: Duration = .seconds(10)
    var relay: URL?
    @OneOf(LogLevel.info, LogLevel.warning) var logLevel = LogLevel.info
}

@Suite struct MacroSettingsTests {
    private var registry: ComponentRegistry {
        var registry = ComponentRegistry()
        registry.converters.registerEnum(LogLevel.self)
        registry.register(settings: MailSettings.self)
        return registry
    }

    /// A factory of no assembly over `base` and a production overlay.
    private func load(_ base: String, production: String = "") throws -> Factory {
        let directory = try TemporaryDirectory()
        _ = try directory.write("mail.properties", base)
        _ = try directory.write("mail-production.properties", production)
        return try Factory.load(assemblies: [], registry: registry,
                       options: .init(config: .path(directory.path), environment: "production", processEnvironment: [:]))
    }

    @Test func theMacroBindsEachFieldFromItsKeyWithTheRegistrysConverters() throws {
        let factory = try load("mail.from = knights@example.org\nmail.connect-timeout = 250ms\nmail.log-level = warning\n",
                               production: "mail.host = smtp.example.org\nmail.relay = smtp://relay.example.org\n")
        let settings = try factory.settings(MailSettings.self)
        #expect(settings.host == "smtp.example.org")
        #expect(settings.port == 25)
        #expect(settings.sender == "knights@example.org")
        #expect(settings.connectTimeout == .milliseconds(250))
        #expect(settings.relay?.absoluteString == "smtp://relay.example.org")
        #expect(settings.logLevel == .warning)
    }

    @Test func aValueOutsideTheSetAndARequiredKeyMissingAreBothReported() {
        let report = thrown { try load("mail.log-level = debug\nmail.port = 0\n") }
        #expect(report?.diagnostics.map(\.code) == [.constraint, .unresolvedPlaceholder, .constraint])
        #expect(report?.diagnostics.map { $0.location?.line ?? 0 } == [2, 0, 1])
        #expect(report?.diagnostics.last?.message.hasSuffix("breaks field 'logLevel' of settings MailSettings: it is not one of info, warning") == true)
    }

    /// The error `body` throws, as a report.
    private func thrown(_ body: () throws -> Factory) -> DiagnosticReport? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? DiagnosticReport
        }
    }
}
