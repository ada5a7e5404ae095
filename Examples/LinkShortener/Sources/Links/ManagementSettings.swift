import ComponentFactory

/// The management port, bound from `management.*`: where the factory's
/// inspection, the probes and the Prometheus metrics are served. Off unless
/// `management.port` is set (`MANAGEMENT_PORT` in the environment).
///
/// - `management.host`: the address it binds to, loopback (`127.0.0.1`) by
///   default. Kubernetes' kubelet probes the pod's own address, so a pod sets
///   `0.0.0.0`; then every route but the two probes needs `management.token`.
/// - `management.token`: the bearer token those routes want off loopback; a
///   secret, masked in every listing. Required when the host is not loopback.
/// - `management.show-values`: `always` (the default: every value shown, secrets
///   masked) or `never` (every value masked), as Spring Boot's `show-values`.
///
/// What `@Settings(prefix: "management")` would write, by hand: the example
/// does not build the macros.
public struct ManagementSettings: Settings {
    /// The port; nil: no management port at all.
    public let port: Int?
    /// The address bound.
    public let host: String
    /// The bearer token every route but the probes wants when `host` is not loopback.
    public let token: String?
    /// `always` or `never`: whether values show (secrets are masked either way).
    public let showValues: String

    public static var prefix: String { "management" }

    public init(port: Int?, host: String = "127.0.0.1", token: String? = nil, showValues: String = "always") {
        (self.port, self.host, self.token, self.showValues) = (port, host, token, showValues)
    }

    public init(from binder: inout SettingsBinder) throws(DiagnosticReport) {
        let port = binder.optionalField("port", key: "port", as: Int.self, constraints: [.within(1...65_535)])
        let host = binder.field("host", key: "host", as: String.self, default: "127.0.0.1", written: "\"127.0.0.1\"",
                                constraints: [.notEmpty])
        let token = binder.optionalField("token", key: "token", as: String.self)
        let showValues = binder.field("showValues", key: "show-values", as: String.self, default: "always", written: "\"always\"",
                                      constraints: [.oneOf("always", "never")])
        guard let port, let host, let token, let showValues else { throw binder.report }
        (self.port, self.host, self.token, self.showValues) = (port, host, token, showValues)
    }

    /// What the inspection shows of values.
    public var values: FactoryInspection.Values { showValues == "never" ? .masked : .shown }

    /// Whether `host` is a loopback address, which needs no token.
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
