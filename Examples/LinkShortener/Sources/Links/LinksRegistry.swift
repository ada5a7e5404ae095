import ComponentFactory
import ComponentFactoryLifecycle

/// Every type `Assemblies/Links.xml` names, with its initializers and callbacks.
public enum LinksRegistry {
    public static func make() -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.recognizeServices()
        registry.register(HTTPSettings.self) { http in
            http.initializer("initWithHost:port:") { (host: String, port: Int) in HTTPSettings(host: host, port: port) }
        }
        registry.register(DatabaseSettings.self) { database in
            database.initializer("initWithHost:port:user:password:name:") {
                (host: String, port: Int, user: String, password: String, name: String) in
                DatabaseSettings(host: host, port: port, user: user, password: password, name: name)
            }
        }
        registry.register(InMemoryLinkStore.self, conformsTo: [(any LinkStore).self]) { store in
            store.initializer("initWithDatabase:") { (database: DatabaseSettings) in InMemoryLinkStore(database: database) }
        }
        registry.register(PostgresLinkStore.self, conformsTo: [(any LinkStore).self]) { store in
            store.initializer("initWithDatabase:") { (database: DatabaseSettings) in PostgresLinkStore(database: database) }
        }
        registry.register(RateLimit.self) { limit in
            limit.initializer("initWithPerSecond:") { (perSecond: Int) in RateLimit(perSecond: perSecond) }
        }
        registry.register(InstanceCount.self) { $0.initializer { InstanceCount() } }
        registry.register(settings: ManagementSettings.self)
        registry.register(settings: TracingSettings.self)
        registry.register(Telemetry.self) { telemetry in
            telemetry.initializer("initWithTracing:") { (tracing: TracingSettings) in try Telemetry(tracing: tracing) }
        }
        registry.register(Caller.self) { _ in }
        registry.register(AuditRecord.self) { audit in
            audit.initializer("initWithCaller:store:instances:") { (caller: Caller, store: any LinkStore, instances: InstanceCount) in
                AuditRecord(caller: caller, store: store, instances: instances)
            }
            audit.callback("flush") { (audit: AuditRecord) async throws in try await audit.flush() }
        }
        registry.register(LinkController.self) { controller in
            controller.initializer("initWithStore:limit:caller:audit:instances:") {
                (store: any LinkStore, limit: RateLimit, caller: Caller, audit: AuditRecord, instances: InstanceCount) in
                LinkController(store: store, limit: limit, caller: caller, audit: audit, instances: instances)
            }
        }
        return registry
    }
}
