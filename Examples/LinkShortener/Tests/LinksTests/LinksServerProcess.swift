import Foundation

/// A `links` server in a process of its own, on a free loopback port, in the
/// `integration` environment (PostgreSQL on loopback) unless told another,
/// run from a copy of the package's Assemblies/ and Config/ in a fresh
/// directory, so that a test may edit its `.properties` file. Its log is
/// kept in that directory. With `management`, its management port is on
/// too, on a free port of its own.
final class LinksServerProcess: @unchecked Sendable {
    /// The package's root: Tests/LinksTests/ is two levels below.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let binaries = packageRoot.appendingPathComponent(".build/debug")

    let directory: URL
    let port: Int
    let database: String
    /// The management port; nil when it is off.
    let managementPort: Int?
    private let process = Process()
    private let log: URL
    /// When the process was started.
    private(set) var startedAt = ContinuousClock.now

    /// Starts the server with the database `database`, `rate.per-second` set to `rate` in its copy of
    /// links.properties, `properties` added to it, and `variables` added to its environment, once
    /// `prepare` has done what it does to the directory (a volume mounted before the pod starts).
    init(database: String, rate: Int, environment name: String = "integration", management: Bool = false,
         properties: [String: String] = [:], variables: [String: String] = [:], prepare: (URL) throws -> Void = { _ in }) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for folder in ["Assemblies", "Config"] {
            try FileManager.default.copyItem(at: Self.packageRoot.appendingPathComponent(folder),
                                             to: directory.appendingPathComponent(folder))
        }
        self.database = database
        port = try Self.freePort()
        managementPort = management ? try Self.freePort() : nil
        log = directory.appendingPathComponent("server.log")
        try setProperty("rate.per-second", to: "\(rate)")
        for (key, value) in properties.sorted(by: { $0.key < $1.key }) {
            try addProperty(key, value)
        }
        try prepare(directory)
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else { throw ServerFailure("cannot write \(log.path)") }
        process.executableURL = Self.binaries.appendingPathComponent("links")
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["COMPONENT_FACTORY_ENV"] = name
        environment["HTTP_PORT"] = "\(port)"
        environment["DB_NAME"] = database
        environment["DB_PORT"] = "\(TestDatabase.port)"
        environment["MANAGEMENT_PORT"] = managementPort.map(String.init)
        environment.merge(variables) { $1 }
        process.environment = environment
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        startedAt = .now
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

    /// Adds `key = value` at the end of links.properties.
    func addProperty(_ key: String, _ value: String) throws {
        let text = try String(contentsOf: propertiesFile, encoding: .utf8)
        try (text + "\n\(key) = \(value)\n").write(to: propertiesFile, atomically: true, encoding: .utf8)
    }

    /// The line of links.properties that sets `key`.
    func line(of key: String) throws -> Int? {
        let lines = try String(contentsOf: propertiesFile, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        return lines.firstIndex { $0.hasPrefix(key + " ") || $0.hasPrefix(key + "=") }.map { $0 + 1 }
    }

    var managementURL: String { "http://127.0.0.1:\(managementPort ?? 0)" }

    /// The TCP ports the process listens on, from /proc: its sockets' inodes, found among the listening ones.
    func listeningPorts() throws -> Set<Int> {
        let descriptors = "/proc/\(process.processIdentifier)/fd"
        var inodes = Set<String>()
        for descriptor in try FileManager.default.contentsOfDirectory(atPath: descriptors) {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(descriptors)/\(descriptor)")) ?? ""
            if target.hasPrefix("socket:[") { inodes.insert(String(target.dropFirst(8).dropLast())) }
        }
        var ports = Set<Int>()
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            for line in ((try? String(contentsOfFile: table, encoding: .utf8)) ?? "").split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                // local_address is the second field, st the fourth (0A: LISTEN), the inode the tenth.
                guard fields.count > 9, fields[3] == "0A", inodes.contains(String(fields[9])),
                      let port = fields[1].split(separator: ":").last.flatMap({ Int($0, radix: 16) }) else { continue }
                ports.insert(port)
            }
        }
        return ports
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

    /// Waits until the log holds `text`, polling every millisecond, at most 30 s; when it was seen.
    /// Before the process logs that it handles signals, a signal ends it by the signal's default action.
    func waitForLog(_ text: String) async throws -> ContinuousClock.Instant {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if logText.contains(text) { return .now }
            guard process.isRunning else { throw ServerFailure("the server exited (\(process.terminationStatus)):\n\(logText)") }
            try await Task.sleep(for: .milliseconds(1))
        }
        throw ServerFailure("the log did not show '\(text)' within 30 s:\n\(logText)")
    }

    /// Sends SIGTERM.
    func terminate() {
        kill(process.processIdentifier, SIGTERM)
    }

    /// Whether the process ended by a signal (a crash, or a signal it did not handle) rather than by exiting.
    var endedBySignal: Bool { !process.isRunning && process.terminationReason == .uncaughtSignal }

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

    /// This machine's IPv4 addresses other than loopback.
    static func otherAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        var current = list
        while let entry = current {
            defer { current = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            let ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            var copy = ipv4
            guard inet_ntop(AF_INET, &copy, &text, socklen_t(text.count)) != nil else { continue }
            let string = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !string.hasPrefix("127.") { addresses.append(string) }
        }
        return addresses
    }

    /// Whether a TCP connection to `host`:`port` is accepted.
    static func accepts(_ host: String, port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr(host)
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// A port nothing listens on now: bound to port 0, then released.
    static func freePort() throws -> Int {
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
