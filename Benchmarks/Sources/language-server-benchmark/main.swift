// The language server re-checking after a keystroke: a workspace with a
// generated 1,000-component assembly and a config root of three environments,
// opened in the server in process; then each "keystroke" is a full-text
// didChange (what the server asks editors for) that changes one character of a
// value, and the time is taken from the message to the diagnostics that
// answer it. Prints the median and the spread over the keystrokes.
//
//   cd Benchmarks && swift run -c release language-server-benchmark
import BenchmarkInputs
@_spi(Tooling) import FactoryTool
import Foundation

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("language-server-benchmark-\(getpid())")
try FileManager.default.createDirectory(at: directory.appendingPathComponent("Assemblies"), withIntermediateDirectories: true)
try FileManager.default.createDirectory(at: directory.appendingPathComponent("Config"), withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

let assembly = directory.appendingPathComponent("Assemblies/Big.xml")
// One misspelled reference, so that every check has a diagnostic (with its did-you-mean) to publish.
let text = String(decoding: AssemblyText.generate(components: 1_000), as: UTF8.self)
    .replacingOccurrences(of: "ref=\"quest0\"", with: "ref=\"qeust0\"")
try text.write(to: assembly, atomically: true, encoding: .utf8)
let config = directory.appendingPathComponent("Config")
try "app.name = benchmark\nlog.level = info\n".write(to: config.appendingPathComponent("app.properties"), atomically: true, encoding: .utf8)
for environment in ["development", "test", "production"] {
    try "log.level = \(environment)\n".write(to: config.appendingPathComponent("app-\(environment).properties"),
                                             atomically: true, encoding: .utf8)
}

func message(_ object: [String: Any]) -> [UInt8] {
    (try? JSONSerialization.data(withJSONObject: object)).map(Array.init) ?? []
}

let uri = URL(fileURLWithPath: assembly.path).absoluteString
let server = LanguageServer(environment: ToolEnvironment())
_ = server.handle(message(["jsonrpc": "2.0", "id": 1, "method": "initialize",
                           "params": ["rootUri": URL(fileURLWithPath: directory.path).absoluteString]]))
_ = server.handle(message(["jsonrpc": "2.0", "method": "initialized", "params": [:]]))
let opened = server.handle(message(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                                    "params": ["textDocument": ["uri": uri, "languageId": "xml", "version": 1, "text": text]]]))

// Each keystroke edits the value of the first knight's damselsRescued: 1, 12, 123, …
let marker = "name=\"damselsRescued\" value=\""
guard let range = text.range(of: marker) else {
    print("the generated assembly has no damselsRescued")
    exit(1)
}
let clock = ContinuousClock()
var times: [Duration] = []
var published = 0
var lastReply: [UInt8]?
for keystroke in 0..<60 {
    var edited = text
    edited.insert(contentsOf: String(keystroke % 10), at: range.upperBound)
    let change = message(["jsonrpc": "2.0", "method": "textDocument/didChange",
                          "params": ["textDocument": ["uri": uri, "version": keystroke + 2],
                                     "contentChanges": [["text": edited]]]])
    let start = clock.now
    let replies = server.handle(change)
    let elapsed = clock.now - start
    published = replies.count
    lastReply = replies.last
    if keystroke >= 10 { times.append(elapsed) }  // the first ten warm up
}
times.sort()
func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}
print(String(format: "language server, 1,000 components (%.0f KB), 3 environments; %d keystrokes after 10 warm-ups",
             Double(text.utf8.count) / 1000, times.count))
print(String(format: "  re-check after a keystroke: median %.1f ms, fastest %.1f ms, slowest %.1f ms (target: median under 50 ms)",
             milliseconds(times[times.count / 2]), milliseconds(times[0]), milliseconds(times[times.count - 1])))
print("  diagnostics messages after open: \(opened.count), after each change: \(published)")
if let last = lastReply {
    print("  the last one: " + String(decoding: last.prefix(200), as: UTF8.self) + "…")
}

// A keystroke in a 5,000-key `.properties` file (issue 26): 1,000 components each read
// one of 1,000 keys through a placeholder, an `<app-property prefix>` declares 4,000
// more, and each keystroke edits one value of the base file (a full-text didChange on
// that file). The whole check runs per keystroke, the unused-key check with it.
let propertiesDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("language-server-benchmark-properties-\(getpid())")
try FileManager.default.createDirectory(at: propertiesDirectory.appendingPathComponent("Assemblies"), withIntermediateDirectories: true)
try FileManager.default.createDirectory(at: propertiesDirectory.appendingPathComponent("Config"), withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: propertiesDirectory) }
var readingAssembly = "<assembly>\n    <app-property prefix=\"feature.\"/>\n"
for index in 0..<1_000 {
    readingAssembly += "    <component class=\"Knight\" key=\"knight\(index)\"><property name=\"damselsRescued\" value=\"${knight.\(index).rescued}\"/></component>\n"
}
readingAssembly += "</assembly>\n"
try readingAssembly.write(to: propertiesDirectory.appendingPathComponent("Assemblies/Big.xml"), atomically: true, encoding: .utf8)
var baseFile = ""
for index in 0..<1_000 { baseFile += "knight.\(index).rescued = \(index)\n" }
for index in 0..<4_000 { baseFile += "feature.\(index).enabled = yes\n" }
let baseURL = propertiesDirectory.appendingPathComponent("Config/app.properties")
try baseFile.write(to: baseURL, atomically: true, encoding: .utf8)
for environment in ["development", "test", "production"] {
    try "knight.0.rescued = 1\n".write(to: propertiesDirectory.appendingPathComponent("Config/app-\(environment).properties"),
                                       atomically: true, encoding: .utf8)
}
let propertiesServer = LanguageServer(environment: ToolEnvironment())
_ = propertiesServer.handle(message(["jsonrpc": "2.0", "id": 1, "method": "initialize",
                                     "params": ["rootUri": URL(fileURLWithPath: propertiesDirectory.path).absoluteString]]))
_ = propertiesServer.handle(message(["jsonrpc": "2.0", "method": "initialized", "params": [:]]))
let baseURI = URL(fileURLWithPath: baseURL.path).absoluteString
_ = propertiesServer.handle(message(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                                     "params": ["textDocument": ["uri": baseURI, "languageId": "jproperties", "version": 1, "text": baseFile]]]))
var propertiesTimes: [Duration] = []
var propertiesPublished = 0
for keystroke in 0..<60 {
    // Each keystroke edits the first value: 0, 01, 012, …
    var edited = baseFile
    edited.insert(contentsOf: String(keystroke % 10), at: edited.index(edited.startIndex, offsetBy: "knight.0.rescued = 0".count))
    let change = message(["jsonrpc": "2.0", "method": "textDocument/didChange",
                          "params": ["textDocument": ["uri": baseURI, "version": keystroke + 2], "contentChanges": [["text": edited]]]])
    let start = clock.now
    propertiesPublished = propertiesServer.handle(change).count
    if keystroke >= 10 { propertiesTimes.append(clock.now - start) }
}
propertiesTimes.sort()
print(String(format: "language server, a .properties file of 5,000 keys (%.0f KB), 1,000 components, 3 environments; %d keystrokes after 10 warm-ups",
             Double(baseFile.utf8.count) / 1000, propertiesTimes.count))
print(String(format: "  re-check after a keystroke: median %.1f ms, fastest %.1f ms, slowest %.1f ms (target: median under 50 ms)",
             milliseconds(propertiesTimes[propertiesTimes.count / 2]), milliseconds(propertiesTimes[0]),
             milliseconds(propertiesTimes[propertiesTimes.count - 1])))
print("  diagnostics messages after each change: \(propertiesPublished)")
