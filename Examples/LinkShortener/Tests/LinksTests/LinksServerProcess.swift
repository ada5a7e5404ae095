import Foundation

/// A `links` server in a process of its own, on a free loopback port, in the
/// `integration` environment (PostgreSQL on loopback), run from a copy of
/// the package's Assemblies/ and Config/ in a fresh directory, so that a
/// test may edit its `.properties` file. Its log is kept in that directory.
final class LinksServerProcess: @unchecked Sendable {
    /// The package's root: Tests/LinksTests/ is two levels below.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let binaries = packageRoot.appendingPathComponent(".build/debug")

    let directory: URL
    let port: Int
    let database: String
    private let process = Process()
    private let log: URL

    /// Starts the server with the database `database`, `rate.per-second` set to `rate` in its copy of links.properties.
    init(database: String, rate: Int) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for folder in ["Assemblies", "Config"] {
            try FileManager.default.copyItem(at: Self.packageRoot.appendingPathComponent(folder),
                                             to: directory.appendingPathComponent(folder))
        }
        self.database = database
        port = try Self.freePort()
        log = directory.appendingPathComponent("server.log")
        try setProperty("rate.per-second", to: "\(rate)")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else { throw ServerFailure("cannot write \(log.path)") }
        process.executableURL = Self.binaries.appendingPathComponent("links")
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["COMPONENT_FACTORY_ENV"] = "integration"
        environment["HTTP_PORT"] = "\(port)"
        environment["DB_NAME"] = database
        environment["DB_PORT"] = "\(TestDatabase.port)"
        process.environment = environment
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: directory)
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }
    var propertiesFile: URL { directory.appendingPathComponent("Config/links.properties") }

    /// Rewrites `key`'s line in links.properties, as an editor saves the file.
    func setProperty(_ key: String, to value: String) throws {
        let text = try String(contentsOf: propertiesFile, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(key + " ") || line.hasPrefix(key + "=") ? "\(key) = \(value)" : String(line)
        }
        try lines.joined(separator: "\n").write(to: propertiesFile, atomically: true, encoding: .utf8)
    }

    /// The server's log so far.
    var logText: String {
        (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    }

    /// Waits until `/health` answers, or the process ends, or 60 s pass.
    func waitUntilServing() async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            guard process.isRunning else { throw ServerFailure("the server exited (\(process.terminationStatus)):\n\(logText)") }
            if (try? await HTTP.get(baseURL + "/health")) != nil { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw ServerFailure("the server did not answer /health within 60 s:\n\(logText)")
    }

    /// Sends SIGTERM.
    func terminate() {
        kill(process.processIdentifier, SIGTERM)
    }

    /// Waits for the process to end, at most `limit`; its exit status.
    func exitStatus(within limit: Duration = .seconds(60)) async throws -> Int32 {
        let deadline = ContinuousClock.now + limit
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                process.interrupt()
                throw ServerFailure("the server did not stop within \(limit):\n\(logText)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return process.terminationStatus
    }

    /// A port nothing listens on now: bound to port 0, then released.
    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw ServerFailure("no socket") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(socket, raw, length) == 0 && getsockname(socket, raw, &length) == 0
            }
        }
        guard bound else { throw ServerFailure("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

struct ServerFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
