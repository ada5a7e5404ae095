// Reads a generated 50 MB .properties file with our reader and, in the same
// run, with java.util.Properties in a JVM, and prints MB/s and the ratio.
// Both read the same bytes from memory; only the load is timed, after warm-up.
import Foundation
import JavaProperties

let megabytes = 50
let warmups = 5
let runs = 10

/// A deterministic mix of what real configuration holds: dotted keys, URLs,
/// comments, blank lines, escapes, non-ASCII text and continuation lines.
func generate(bytes target: Int) -> [UInt8] {
    var text = ""
    text.reserveCapacity(target + 1024)
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int(truncatingIfNeeded: state >> 33)
    }
    var section = 0
    while text.utf8.count < target {
        section += 1
        text += "# settings of service \(section)\n"
        text += "service\(section).endpoint.url = https://host\(next() % 1000).example.org:\(8000 + next() % 1000)/api/v1\n"
        text += "service\(section).timeout.ms=\(next() % 60000)\n"
        text += "service\(section).enabled : \(next() % 2 == 0 ? "true" : "false")\n"
        text += "service\(section).description = Handles requests for tenant \(next() % 500), see the runbook\\tpage \(next() % 90)\n"
        text += "service\(section).greeting = Grüße aus Köln, 日本語のテキスト \\u00e9t\\u00e9\n"
        text += "service\(section).hosts = alpha.example.org,\\\n    beta.example.org,\\\n    gamma.example.org\n"
        text += "service\(section).path\\ with\\ spaces = /var/lib/service\(section)/data\n\n"
    }
    return Array(text.utf8)
}

func median(_ values: [Duration]) -> Duration { values.sorted()[values.count / 2] }

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

let bytes = generate(bytes: megabytes * 1_000_000)
let size = Double(bytes.count) / 1_000_000
let file = FileManager.default.temporaryDirectory.appendingPathComponent("properties-benchmark-\(getpid()).properties")
try Data(bytes).write(to: file)
defer { try? FileManager.default.removeItem(at: file) }

var keyCount = 0
for _ in 0..<warmups { keyCount = try PropertiesReader.read(bytes: bytes, file: "bench").keys.count }
var times: [Duration] = []
let clock = ContinuousClock()
for _ in 0..<runs {
    let start = clock.now
    let document = try PropertiesReader.read(bytes: bytes, file: "bench")
    times.append(clock.now - start)
    keyCount = document.keys.count
}
let ours = median(times)

let harness = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Java/PropertiesLoadBenchmark.java")
let java = Process()
java.executableURL = URL(fileURLWithPath: "/usr/bin/env")
java.arguments = ["java", harness.path, file.path, String(warmups), String(runs)]
let pipe = Pipe()
java.standardOutput = pipe
try java.run()
let javaOutput = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
java.waitUntilExit()
let fields = Dictionary(uniqueKeysWithValues: javaOutput.split(whereSeparator: \.isWhitespace).compactMap { field -> (String, String)? in
    let parts = field.split(separator: "=", maxSplits: 1)
    return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
})
guard let javaNanos = fields["median_ns"].flatMap(Double.init), let javaKeys = fields["keys"].flatMap(Int.init) else {
    print("java harness failed: \(javaOutput)")
    exit(1)
}

let oursSeconds = seconds(ours)
let javaSeconds = javaNanos / 1e9
print(String(format: "file: %.1f MB, %d keys (java: %d keys)", size, keyCount, javaKeys))
print(String(format: "ComponentFactory PropertiesReader: median %.1f ms, %.0f MB/s (best %.1f ms)",
             oursSeconds * 1000, size / oursSeconds, seconds(times.min() ?? ours) * 1000))
print(String(format: "java.util.Properties.load(Reader): median %.1f ms, %.0f MB/s",
             javaSeconds * 1000, size / javaSeconds))
print(String(format: "ratio: ours takes %.2fx Java's time (%.2fx faster); targets: >= 200 MB/s and faster than Java",
             oursSeconds / javaSeconds, javaSeconds / oursSeconds))
