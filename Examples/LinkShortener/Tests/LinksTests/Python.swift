import Foundation

/// The package's Python helpers in Tools/, run as another process: a
/// Prometheus text parser and an OTLP protobuf decoder, from PyPI's
/// prometheus_client and opentelemetry-proto (`.ci/run` installs them).
enum Python {
    /// What `Tools/<script>` printed for `input` on its standard input and `arguments`, decoded as JSON.
    static func run(_ script: String, input: Data = Data(), arguments: [String] = []) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", LinksServerProcess.packageRoot.appendingPathComponent("Tools/\(script)").path] + arguments
        let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
        (process.standardInput, process.standardOutput, process.standardError) = (stdin, stdout, stderr)
        try process.run()
        // The input is written while the output is read, so that neither pipe fills.
        let writer = Thread {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let object = try JSONSerialization.jsonObject(with: output) as? [String: Any] else {
            throw ServerFailure("Tools/\(script) failed (\(process.terminationStatus)): \(String(decoding: errors, as: UTF8.self))")
        }
        return object
    }
}
