import AsyncHTTPClient
import Foundation
import NIOCore

// A bounded load of link creations against a links server, from a process of its own:
//   links-load --url http://127.0.0.1:8080 --connections 64 --seconds 10 [--requests N] --out results.jsonl
// Each connection is a caller of its own (X-Caller: caller-<n>) and posts one link after
// another. One JSON line per request: when it started and ended (ms since the start), the
// status or the error, and the link's code and address. Stops at the time or the count.
struct Options {
    var url = "http://127.0.0.1:8080"
    var connections = 8
    var seconds = 10.0
    var requests = Int.max
    var out = "load.jsonl"

    init(_ arguments: [String]) {
        var arguments = arguments[...]
        while let flag = arguments.popFirst() {
            guard let value = arguments.popFirst() else { break }
            switch flag {
            case "--url": url = value
            case "--connections": connections = Int(value) ?? connections
            case "--seconds": seconds = Double(value) ?? seconds
            case "--requests": requests = Int(value) ?? requests
            case "--out": out = value
            default: FileHandle.standardError.write(Data("links-load: unknown option \(flag)\n".utf8))
            }
        }
    }
}

struct Outcome: Encodable {
    let caller: Int
    let started: Int
    let ended: Int
    let status: Int?
    let code: String?
    let url: String
    let error: String?
}

struct Created: Decodable {
    let code: String
}

@main
struct LinksLoad {
    static func main() async {
        let options = Options(Array(CommandLine.arguments.dropFirst()))
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: options.connections)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let start = ContinuousClock.now
        let deadline = start + .milliseconds(Int(options.seconds * 1000))
        let elapsed = { @Sendable () -> Int in
                    let duration = ContinuousClock.now - start
                    return Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
                }
        let perConnection = options.requests == Int.max ? Int.max : max(1, options.requests / options.connections)

        let outcomes = await withTaskGroup(of: [Outcome].self) { group in
            for caller in 0..<options.connections {
                group.addTask {
                    var outcomes: [Outcome] = []
                    var index = 0
                    while ContinuousClock.now < deadline && index < perConnection {
                        let url = "https://example.com/\(caller)/\(index)"
                        index += 1
                        var request = HTTPClientRequest(url: options.url + "/links")
                        request.method = .POST
                        request.headers.add(name: "Content-Type", value: "application/json")
                        request.headers.add(name: "X-Caller", value: "caller-\(caller)")
                        request.body = .bytes(ByteBuffer(string: #"{"url":"\#(url)"}"#))
                        let started = elapsed()
                        do {
                            let response = try await client.execute(request, timeout: .seconds(30))
                            let body = try await response.body.collect(upTo: 1 << 16)
                            let code = response.status.code == 201 ? (try? JSONDecoder().decode(Created.self, from: Data(body.readableBytesView)))?.code : nil
                            outcomes.append(Outcome(caller: caller, started: started, ended: elapsed(), status: Int(response.status.code), code: code,
                                                    url: url, error: nil))
                        } catch {
                            outcomes.append(Outcome(caller: caller, started: started, ended: elapsed(), status: nil, code: nil, url: url,
                                                    error: "\(error)"))
                            // A refused connection repeats at once: wait a little before the next try.
                            try? await Task.sleep(for: .milliseconds(20))
                        }
                    }
                    return outcomes
                }
            }
            var all: [Outcome] = []
            for await some in group { all += some }
            return all
        }
        try? await client.shutdown()

        let encoder = JSONEncoder()
        var lines = Data()
        for outcome in outcomes.sorted(by: { $0.started < $1.started }) {
            if let line = try? encoder.encode(outcome) {
                lines.append(line)
                lines.append(0x0A)
            }
        }
        guard FileManager.default.createFile(atPath: options.out, contents: lines) else {
                    FileHandle.standardError.write(Data("links-load: cannot write \(options.out)\n".utf8))
                    exit(1)
                }
        let answered = outcomes.filter { $0.status != nil }.count
        print("links-load: \(outcomes.count) requests, \(answered) answered, \(outcomes.count - answered) failed, in \(elapsed()) ms")
    }
}
