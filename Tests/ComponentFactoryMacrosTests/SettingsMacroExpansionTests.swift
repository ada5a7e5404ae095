import ComponentFactoryMacrosPlugin
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// What `@Settings` writes, and every diagnostic it gives.
@Suite struct SettingsMacroExpansionTests {
    private let macros: [String: MacroSpec] = [
        "Settings": MacroSpec(type: SettingsMacro.self, conformances: ["Settings"]),
        "SettingKey": MacroSpec(type: MarkerMacro.self),
        "Within": MacroSpec(type: MarkerMacro.self),
        "Matching": MacroSpec(type: MarkerMacro.self),
        "NotEmpty": MacroSpec(type: MarkerMacro.self),
        "OneOf": MacroSpec(type: MarkerMacro.self),
    ]

    private func expect(_ source: String, expands expected: String, diagnostics: [DiagnosticSpec] = [],
                        sourceLocation: SourceLocation = #_sourceLocation) {
        assertMacroExpansion(source, expandedSource: expected, diagnostics: diagnostics, macroSpecs: macros) { failure in
            Issue.record("\(failure.message)", sourceLocation: sourceLocation)
        }
    }

    @Test func eachStoredPropertyIsBoundFromItsKebabCaseKeyWithItsDefaultAndConstraints() {
        expect("""
            @Settings(prefix: "server")
            public struct ServerSettings {
                @Within(1...65_535) public var port = 8080
                @NotEmpty @Matching("[a-z.]+") var host: String = "localhost"
                @OneOf("debug", "info") var logLevel = "info"
                @SettingKey("timeout-ms") var requestTimeoutMS: Int = 500
                var publicURL: URL?
                let region: String
                var dbURL: String { "x" }
                static var shared = 1
            }
            """, expands: """
            public struct ServerSettings {
                public var port = 8080
                var host: String = "localhost"
                var logLevel = "info"
                var requestTimeoutMS: Int = 500
                var publicURL: URL?
                let region: String
                var dbURL: String { "x" }
                static var shared = 1
            }

            extension ServerSettings: ComponentFactory.Settings {
                public static var prefix: String {
                    "server"
                }
                public init(from binder: inout ComponentFactory.SettingsBinder) throws(ComponentFactory.DiagnosticReport) {
                    let port = binder.field("port", key: "port", default: 8080, written: "8080", constraints: [.within(1 ... 65_535)], declaredAt: ComponentFactory.SourceLocation(file: "test.swift", line: 3))
                    let host = binder.field("host", key: "host", as: (String).self, default: "localhost", written: #""localhost""#, constraints: [.notEmpty, .matching("[a-z.]+")], declaredAt: ComponentFactory.SourceLocation(file: "test.swift", line: 4))
                    let logLevel = binder.field("logLevel", key: "log-level", default: "info", written: #""info""#, constraints: [.oneOf("debug", "info")], declaredAt: ComponentFactory.SourceLocation(file: "test.swift", line: 5))
                    let requestTimeoutMS = binder.field("requestTimeoutMS", key: "timeout-ms", as: (Int).self, default: 500, written: "500", declaredAt: ComponentFactory.SourceLocation(file: "test.swift", line: 6))
                    let publicURL = binder.optionalField("publicURL", key: "public-url", as: (URL).self, declaredAt: ComponentFactory.SourceLocation(file: "test.swift", line: 7))
                    let region = binder.field("region", key: "region", as: (String).self, declaredAt: ComponentFactory.SourceLocation(file: "test.swift", line: 8))
                    guard let port, let host, let logLevel, let requestTimeoutMS, let publicURL, let region else {
                        throw binder.report
                    }
                    self.port = port
                    self.host = host
                    self.logLevel = logLevel
                    self.requestTimeoutMS = requestTimeoutMS
                    self.publicURL = publicURL
                    self.region = region
                }
            }
            """)
    }

    @Test func aClassAGenericStructAndADefaultedConstantAreErrors() {
        expect("""
            @Settings(prefix: "a")
            final class A {}
            """, expands: """
            final class A {}
            """, diagnostics: [DiagnosticSpec(message: "@Settings applies to a struct: settings are values, bound once per environment",
                                              line: 1, column: 1)])
        expect("""
            @Settings
            struct B<T> {}
            """, expands: """
            struct B<T> {}
            """, diagnostics: [DiagnosticSpec(message: "@Settings cannot bind a generic type: the converters need each field's concrete type",
                                              line: 2, column: 9)])
        expect("""
            @Settings(prefix: "c")
            struct C {
                let retries = 3
            }
            """, expands: """
            struct C {
                let retries = 3
            }
            """, diagnostics: [DiagnosticSpec(
                message: "@Settings binds this field from configuration, so its default cannot be a 'let' constant; make it a 'var'",
                line: 3, column: 5)])
    }

    @Test func keysAreKebabCaseWithRunsOfCapitalsKeptTogether() {
        // Through a whole expansion: the key is what the binder is given.
        expect("""
            @Settings
            struct K {
                var maxConnections = 1
                var http2Enabled = true
                var dbURLPrefix = "x"
            }
            """, expands: """
            struct K {
                var maxConnections = 1
                var http2Enabled = true
                var dbURLPrefix = "x"
            }

            extension K: ComponentFactory.Settings {
                static var prefix: String {
                    ""
                }
                init(from binder: inout ComponentFactory.SettingsBinder) throws(ComponentFactory.DiagnosticReport) {
                    let maxConnections = binder.field("maxConnections", key: "max-connections", default: 1, written: "1", declaredAt: ComponentFactory.SourceLocation(file: "test.swift", line: 3))
                    let http2Enabled = binder.field("http2Enabled", key: "http2-enabled", default: true, written: "true", declaredAt: ComponentFactory.SourceLocation(file: "test.swift", line: 4))
                    let dbURLPrefix = binder.field("dbURLPrefix", key: "db-url-prefix", default: "x", written: #""x""#, declaredAt: ComponentFactory.SourceLocation(file: "test.swift", line: 5))
                    guard let maxConnections, let http2Enabled, let dbURLPrefix else {
                        throw binder.report
                    }
                    self.maxConnections = maxConnections
                    self.http2Enabled = http2Enabled
                    self.dbURLPrefix = dbURLPrefix
                }
            }
            """)
    }
}
