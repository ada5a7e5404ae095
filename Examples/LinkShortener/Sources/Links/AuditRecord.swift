import Foundation
import Synchronization

/// One request's audit record, request-scoped: the controller notes what
/// the request did, and the scope's end flushes it to the store, once.
public final class AuditRecord: Sendable {
    private let caller: Caller
    private let store: any LinkStore
    private let instances: InstanceCount
    private let requestID = UUID().uuidString
    private let noted = Mutex<(action: String, status: Int)?>(nil)

    public init(caller: Caller, store: any LinkStore, instances: InstanceCount) {
        (self.caller, self.store, self.instances) = (caller, store, instances)
        instances.add()
    }

    deinit {
        instances.remove()
    }

    /// Notes what the request did and how it was answered; the last note wins.
    public func note(_ action: String, status: Int) {
        noted.withLock { $0 = (action, status) }
    }

    /// The destroy method: writes the entry, when something was noted.
    public func flush() async throws {
        guard let (action, status) = noted.withLock({ $0 }) else { return }
        try await store.record(AuditEntry(requestID: requestID, caller: caller.name, action: action, status: status))
    }
}
