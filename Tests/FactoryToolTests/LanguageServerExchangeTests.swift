import Foundation
import Testing
@testable import FactoryTool

/// The language server over a pipe, as an editor drives it: a recorded
/// session (`Fixtures/lsp-exchange/requests.jsonl`, one message a line, `$ROOT`
/// for the workspace) is framed into one pipe, and every message the server
/// writes to the other must equal the recorded replies
/// (`Fixtures/lsp-exchange/replies.jsonl`), in order.
///
/// To record anew after a deliberate change, run this suite with
/// `RECORD_LSP_EXCHANGE=1` in the environment and review the diff of `replies.jsonl`.
@Suite struct LanguageServerExchangeTests {
    private static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/lsp-exchange")

    /// Frames every line of `requests` (a line `RAW:…` is sent as bare header bytes, unframed),
    /// serves them over pipes, and returns the status and the bodies the server wrote.
    private func exchange(_ requests: [String]) throws -> (status: Int32, replies: [[UInt8]]) {
        var input: [UInt8] = []
        for line in requests where !line.isEmpty {
            if line.hasPrefix("RAW:") {
                input += Array((String(line.dropFirst(4)) + "\r\n\r\n").utf8)
            } else {
                input += MessageFraming.frame(Array(line.utf8))
            }
        }
        let requestPipe = Pipe(), replyPipe = Pipe()
        let framed = Data(input)
        // The writes and the reads run beside the server, so that no pipe's buffer can stall it.
        let writer = Thread { requestPipe.fileHandleForWriting.write(framed); try? requestPipe.fileHandleForWriting.close() }
        writer.start()
        let collected = ReplyCollector()
        let reader = Thread {
            collected.set(replyPipe.fileHandleForReading.readDataToEndOfFile())
        }
        reader.start()
        let status = LanguageServerConnection.serve(LanguageServer(environment: ToolEnvironment()), input: requestPipe.fileHandleForReading.fileDescriptor,
                                                    output: replyPipe.fileHandleForWriting.fileDescriptor)
        try replyPipe.fileHandleForWriting.close()
        let data = collected.wait()
        var framing = MessageFraming()
        framing.append(Array(data))
        var replies: [[UInt8]] = []
        while let body = try framing.next() { replies.append(body) }
        return (status, replies)
    }

    @Test func aRecordedSessionOverAPipeGetsTheRecordedReplies() throws {
        let workspace = try #require(Bundle.module.url(forResource: "Fixtures/lsp-exchange/workspace", withExtension: nil))
        let rootURI = LanguageServer.uri(ofPath: workspace.path).replacingOccurrences(of: "/$", with: "", options: .regularExpression)
        let requests = try String(contentsOf: Self.source.appendingPathComponent("requests.jsonl"), encoding: .utf8)
            .replacingOccurrences(of: "$ROOT", with: rootURI).split(separator: "\n").map(String.init)
        let (status, replies) = try exchange(requests)
        #expect(status == 0, "exit after shutdown is status 0")
        let recorded = replies.map { String(decoding: $0, as: UTF8.self).replacingOccurrences(of: rootURI, with: "$ROOT") }
        let expectedFile = Self.source.appendingPathComponent("replies.jsonl")
        if ProcessInfo.processInfo.environment["RECORD_LSP_EXCHANGE"] == "1" {
            try (recorded.joined(separator: "\n") + "\n").write(to: expectedFile, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: expectedFile, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(recorded.count == expected.count, "\(recorded.count) replies, \(expected.count) recorded")
        for (got, want) in zip(recorded, expected) {
            #expect(try json(got) == json(want), "got \(got)\nrecorded \(want)")
        }
    }

    @Test func aClientThatVanishesEndsTheServerWithStatusOne() throws {
        let (status, replies) = try exchange([#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"file:///nowhere"}}"#])
        #expect(status == 1)
        #expect(replies.count == 1)
    }

    private func json(_ text: String) throws -> NSObject? {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSObject
    }
}

/// The reader thread's data, handed to the test when the pipe has closed.
private final class ReplyCollector: @unchecked Sendable {
    private let lock = NSCondition()
    private var data: Data?

    func set(_ value: Data) {
        lock.withLock {
            data = value
            lock.signal()
        }
    }

    func wait() -> Data {
        lock.withLock {
            while data == nil { lock.wait() }
            return data ?? Data()
        }
    }
}
