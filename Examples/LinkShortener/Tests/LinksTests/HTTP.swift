import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The few plain requests the tests make themselves; the load comes from `links-load`.
enum HTTP {
    /// The body of a GET that answered 200; throws otherwise.
    static func get(_ url: String) async throws -> Data {
        guard let address = URL(string: url) else { throw ServerFailure("bad URL \(url)") }
        var request = URLRequest(url: address)
        request.timeoutInterval = 5
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw ServerFailure("\(url): \(response)") }
        return data
    }

    /// The status and body of a GET, whatever the status.
    static func response(_ url: String) async throws -> (status: Int, body: Data) {
        guard let address = URL(string: url) else { throw ServerFailure("bad URL \(url)") }
        var request = URLRequest(url: address)
        request.timeoutInterval = 5
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    /// The status, headers and body of a request with `method` and, when given, a bearer `token` and a `body`.
    static func request(_ url: String, method: String = "GET", token: String? = nil, body: String? = nil) async throws
        -> (status: Int, headers: [String: String], body: Data) {
        guard let address = URL(string: url) else { throw ServerFailure("bad URL \(url)") }
        var request = URLRequest(url: address)
        request.timeoutInterval = 5
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as? HTTPURLResponse
        let headers = (http?.allHeaderFields ?? [:]).reduce(into: [String: String]()) { headers, field in
            if let name = field.key as? String, let value = field.value as? String { headers[name.lowercased()] = value }
        }
        return (http?.statusCode ?? 0, headers, data)
    }

    struct Stats: Decodable {
        let alive: Int
        let made: Int
        let perSecond: Int
        let generation: Int
    }

    static func stats(_ server: LinksServerProcess) async throws -> Stats {
        try JSONDecoder().decode(Stats.self, from: try await get(server.baseURL + "/stats"))
    }
}
