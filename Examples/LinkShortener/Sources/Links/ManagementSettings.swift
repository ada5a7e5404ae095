import ComponentFactory

/// The management port, bound from `management.*`: where the factory's
/// inspection and the Prometheus metrics are served, on 127.0.0.1 only. Off
/// unless `management.port` is set (`MANAGEMENT_PORT` in the environment).
/// What `@Settings(prefix: "management")` would write, by hand: the example
/// does not build the macros.
public struct ManagementSettings: Settings {
    /// The port; nil: no management port at all.
    public let port: Int?

    public static var prefix: String { "management" }

    public init(port: Int?) {
        self.port = port
    }

    public init(from binder: inout SettingsBinder) throws(DiagnosticReport) {
        let port = binder.optionalField("port", key: "port", as: Int.self, constraints: [.within(1...65_535)])
        guard let port else { throw binder.report }
        self.port = port
    }
}
