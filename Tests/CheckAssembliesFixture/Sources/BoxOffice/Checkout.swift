import ComponentFactoryMacros

/// Sells through the ledger: a prototype that needs the actor, so it suspends too.
@Component
public final class Checkout: Sendable {
    public let ledger: TicketLedger
    public init(ledger: TicketLedger) { self.ledger = ledger }
}

/// One request's cart.
@Component
public final class Cart: Sendable {
    public init() {}
}

/// A prototype that needs the request's cart: it exists only in a request scope.
@Component
public final class Summary: Sendable {
    public let cart: Cart
    public init(cart: Cart) { self.cart = cart }
}

/// Where the shows are.
@Component
public final class Venue: Sendable {
    public let name: String
    public init(name: String) { self.name = name }
}

/// Pricing, bound from `pricing.*`.
@Settings(prefix: "pricing")
public struct PricingSettings {
    /// The surge on busy nights, in percent.
    @Within(0...100) public var surgePercent: Int = 0
    public init() {}
}
