import Foundation
import Hummingbird

/// Creates and looks up links for one request: request-scoped, with the
/// request's caller and audit record, the store, and the rate limit of the
/// graph the request began in.
public final class LinkController: Sendable {
    private let store: any LinkStore
    private let limit: RateLimit
    private let caller: Caller
    private let audit: AuditRecord
    private let instances: InstanceCount

    public init(store: any LinkStore, limit: RateLimit, caller: Caller, audit: AuditRecord, instances: InstanceCount) {
        (self.store, self.limit, self.caller, self.audit, self.instances) = (store, limit, caller, audit, instances)
        instances.add()
    }

    deinit {
        instances.remove()
    }

    /// Shortens `url`: 201 with the link; 400 for what is not an http or
    /// https address; 429 when the caller is over the limit.
    public func create(url: String) async throws -> Link {
        guard limit.admit(caller.name) else { throw refuse("create", .tooManyRequests, "over \(limit.perSecond) a second") }
        guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme ?? ""), parsed.host != nil else {
            throw refuse("create", .badRequest, "not an http or https address")
        }
        for _ in 0..<4 {
            let link = Link(code: Self.newCode(), url: url)
            if try await store.save(link) {
                audit.note("create \(link.code)", status: 201)
                return link
            }
        }
        throw refuse("create", .internalServerError, "no free code")
    }

    /// The link with `code`: 404 when there is none.
    public func resolve(code: String) async throws -> Link {
        guard limit.admit(caller.name) else { throw refuse("resolve", .tooManyRequests, "over \(limit.perSecond) a second") }
        guard let link = try await store.link(forCode: code) else { throw refuse("resolve \(code)", .notFound, "no such link") }
        audit.note("resolve \(code)", status: 200)
        return link
    }

    private func refuse(_ action: String, _ status: HTTPResponse.Status, _ message: String) -> HTTPError {
        audit.note(action, status: Int(status.code))
        return HTTPError(status, message: message)
    }

    private static let alphabet = Array("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")

    private static func newCode() -> String {
        String((0..<8).map { _ in alphabet.randomElement() ?? "a" })
    }
}
