// Runs the box office for the environment named first, then resolves each
// further argument as a component key and prints its type.
import BoxOffice
import ComponentFactory
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    let factory = try await BoxOffice.load(environment: arguments.first ?? "production")
    let keys = try factory.boxOfficeKeys()
    let ledger = try await keys.ledger()
    let sold = await ledger.sell()
    print("ledger: limit \(await ledger.limit), sold \(sold), count \(await ledger.count)")
    let seats = try await keys.seatMap()
    print("seat map: \(seats.seats) seats")
    print("checkout shares the ledger: \(try await keys.checkout().ledger === ledger)")
    try await factory.withScope(seeding: [String: any Sendable]()) { scope in
        let summary = try await keys.summary(in: scope)
        print("summary in a scope: cart shared \(try await keys.cart(in: scope) === summary.cart)")
    }
    print("venue: \(try keys.venue().name)")
    print("pricing: \(try factory.settings(PricingSettings.self).surgePercent)%")
    for key in arguments.dropFirst() {
        print("\(key): \(type(of: try await factory.async.component(forKey: key)))")
    }
    try await factory.async.shutdown()
} catch {
    print(error)
    exit(1)
}
