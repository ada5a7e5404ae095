// Reads a generated 50 MB .properties file with our reader and, in the same
// run, with java.util.Properties in a JVM, and prints MB/s and the ratio.
// Both read the same bytes from memory; only the load is timed, after warm-up.
import Foundation
import BenchmarkInputs
import JavaProperties

let megabytes = 50
let warmups = 5
let runs = 10

func median(_ values: [Duration]) -> Duration { values.sorted()[values.count / 2] }

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

let bytes = PropertiesText.generate(bytes: megabytes * 1_000_000)
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
