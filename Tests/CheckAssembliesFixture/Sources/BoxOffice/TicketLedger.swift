import ComponentFactoryMacros

/// The tickets sold: an actor, built by an async initializer, with a
/// get-only computed property and a property the assembly sets.
@Component
public actor TicketLedger {
    private var entries: [Int] = []
    /// How many tickets may be sold.
    public var limit: Int = 0
    /// How many were.
    public var count: Int { entries.count }

    public init() async throws {
        try await Task.sleep(for: .milliseconds(1))
    }

    /// Sells one ticket, if any are left.
    public func sell() -> Bool {
        guard entries.count < limit else { return false }
        entries.append(entries.count + 1)
        return true
    }
}
