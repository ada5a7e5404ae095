import ComponentFactory

/// Where the factory's traces go, bound from `tracing.*`: an OTLP/HTTP
/// collector (`tracing.endpoint`, such as `http://127.0.0.1:4318`), with an
/// API key sent as `tracing.api-key-header` when the collector wants one.
/// Tracing is off unless `tracing.endpoint` is set.
public struct TracingSettings: Settings {
    public let endpoint: String?
    /// A secret: every listing of the configuration masks it.
    public let apiKey: String?
    public let apiKeyHeader: String
    public let serviceName: String

    public static var prefix: String { "tracing" }

    public init(endpoint: String?, apiKey: String? = nil, apiKeyHeader: String = "x-api-key", serviceName: String = "links") {
        (self.endpoint, self.apiKey, self.apiKeyHeader, self.serviceName) = (endpoint, apiKey, apiKeyHeader, serviceName)
    }

    public init(from binder: inout SettingsBinder) throws(DiagnosticReport) {
        let endpoint = binder.optionalField("endpoint", key: "endpoint", as: String.self, constraints: [.matching("https?://.+")])
        let apiKey = binder.optionalField("apiKey", key: "api-key", as: String.self)
        let apiKeyHeader = binder.field("apiKeyHeader", key: "api-key-header", as: String.self, default: "x-api-key",
                                        written: "\"x-api-key\"", constraints: [.notEmpty])
        let serviceName = binder.field("serviceName", key: "service-name", as: String.self, default: "links", written: "\"links\"",
                                       constraints: [.notEmpty])
        guard let endpoint, let apiKey, let apiKeyHeader, let serviceName else { throw binder.report }
        (self.endpoint, self.apiKey, self.apiKeyHeader, self.serviceName) = (endpoint, apiKey, apiKeyHeader, serviceName)
    }
}
