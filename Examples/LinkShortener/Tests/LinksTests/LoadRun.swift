import Foundation

/// One run of `links-load`, a process of its own, and what it wrote: one outcome per request.
struct LoadRun {
    struct Outcome: Decodable {
        let caller: Int
        /// Milliseconds since the load started.
        let started: Int
        let ended: Int
        let status: Int?
        let code: String?
        let url: String
        let error: String?
    }

    let process = Process()
    let output: URL
    /// When the process was started.
    let launched = ContinuousClock.now

    init(against server: LinksServerProcess, connections: Int, seconds: Double, requests: Int? = nil) throws {
        output = server.directory.appendingPathComponent("load-\(UUID().uuidString).jsonl")
        process.executableURL = LinksServerProcess.binaries.appendingPathComponent("links-load")
        process.arguments = ["--url", server.baseURL, "--connections", "\(connections)", "--seconds", "\(seconds)",
                             "--out", output.path] + (requests.map { ["--requests", "\($0)"] } ?? [])
        process.standardOutput = FileHandle.nullDevice
        try process.run()
    }

    /// Waits for the load to end (at most two minutes) and reads its outcomes.
    func outcomes() async throws -> [Outcome] {
        let deadline = ContinuousClock.now + .seconds(120)
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                process.terminate()
                throw ServerFailure("links-load did not end within two minutes")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        guard process.terminationStatus == 0 else { throw ServerFailure("links-load exited \(process.terminationStatus)") }
        let text = try String(contentsOf: output, encoding: .utf8)
        let decoder = JSONDecoder()
        return try text.split(separator: "\n").map { try decoder.decode(Outcome.self, from: Data($0.utf8)) }
    }

    /// Milliseconds from the load's launch to now: roughly the outcomes' clock (its start comes a little after launch).
    var elapsed: Int {
        let duration = ContinuousClock.now - launched
        return Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}
