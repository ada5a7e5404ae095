// Whole processes on big generated inputs, each against its peer in the same
// run (alternating, median of nine): `factory validate` on a 100,000-component
// assembly against `xmllint --noout --schema` on the same file, and
// `factory properties --raw --format json` on 50 MB against a JVM that loads the
// same file with java.util.Properties and prints it as JSON. Prints wall times,
// ratios, throughput and peak resident memory.
//
//   swift build -c release --product factory      # in the repository, first
//   cd Benchmarks && swift run -c release whole-process-benchmark [path/to/factory]
import BenchmarkInputs
import Foundation

let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let factory = CommandLine.arguments.dropFirst().first ?? repository.appendingPathComponent(".build/release/factory").path
// Nine, not five: this 2-core VM's speed swings between runs minutes apart,
// and a median of nine alternating runs moves less with it.
let rounds = 9

struct Measurement {
    var seconds: Double
    /// User and system time: a command that uses two threads takes more of it than of wall time.
    var cpuSeconds: Double
    var peakKilobytes: Int
    var status: Int32
    /// The fastest and slowest wall times of the runs summarised here.
    var range: ClosedRange<Double> = 0...0
}

/// Runs `arguments` with its output to `output`, timing it and reading its peak RSS from `wait4`.
func measure(_ arguments: [String], output: String = "/dev/null") -> Measurement {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let clock = ContinuousClock()
    let start = clock.now
    guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ) == 0 else {
        print("cannot start \(arguments[0])")
        exit(1)
    }
    var status: Int32 = 0
    var usage = rusage()
    _ = wait4(pid, &status, 0, &usage)
    let elapsed = clock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    return Measurement(seconds: seconds, cpuSeconds: cpu, peakKilobytes: Int(usage.ru_maxrss), status: (status >> 8) & 0xFF)
}

/// Both commands `rounds` times, alternating; the median time of each and the largest peak memory.
func compare(_ ours: [String], _ peer: [String], oursOutput: String = "/dev/null", peerOutput: String = "/dev/null")
    -> (ours: Measurement, peer: Measurement) {
    var mine: [Measurement] = []
    var theirs: [Measurement] = []
    for _ in 0..<rounds {
        mine.append(measure(ours, output: oursOutput))
        theirs.append(measure(peer, output: peerOutput))
    }
    func summary(_ runs: [Measurement]) -> Measurement {
        let times = runs.map(\.seconds).sorted()
        return Measurement(seconds: times[runs.count / 2], cpuSeconds: runs.map(\.cpuSeconds).sorted()[runs.count / 2],
                           peakKilobytes: runs.map(\.peakKilobytes).max() ?? 0, status: runs.map(\.status).max() ?? 0,
                           range: (times.first ?? 0)...(times.last ?? 0))
    }
    return (summary(mine), summary(theirs))
}

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("whole-process-benchmark-\(getpid())")
try FileManager.default.createDirectory(at: directory.appendingPathComponent("Config"), withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

// 1. validate against xmllint with the schema.
let assembly = directory.appendingPathComponent("Big.xml")
let assemblyBytes = AssemblyText.generate(components: 100_000)
try Data(assemblyBytes).write(to: assembly)
let schema = repository.appendingPathComponent("Assemblies/assembly.xsd").path
let validate = compare([factory, "validate", assembly.path, "--config", directory.appendingPathComponent("Config").path],
                       ["xmllint", "--noout", "--schema", schema, assembly.path])
let assemblyMB = Double(assemblyBytes.count) / 1_000_000
print(String(format: "validate, 100,000 components (%.1f MB):", assemblyMB))
print(String(format: "  factory validate            %7.0f ms  (%.0f-%.0f)  cpu %5.0f ms  peak %5.0f MB  exit %d", validate.ours.seconds * 1000,
             validate.ours.range.lowerBound * 1000, validate.ours.range.upperBound * 1000, validate.ours.cpuSeconds * 1000,
             Double(validate.ours.peakKilobytes) / 1024, validate.ours.status))
print(String(format: "  xmllint --noout --schema    %7.0f ms  (%.0f-%.0f)  cpu %5.0f ms  peak %5.0f MB  exit %d", validate.peer.seconds * 1000,
             validate.peer.range.lowerBound * 1000, validate.peer.range.upperBound * 1000, validate.peer.cpuSeconds * 1000,
             Double(validate.peer.peakKilobytes) / 1024, validate.peer.status))
print(String(format: "  ratio: %.2fx xmllint's time (target <= 1.5x); peak memory %.1fx the file",
             validate.ours.seconds / validate.peer.seconds, Double(validate.ours.peakKilobytes) * 1024 / Double(assemblyBytes.count)))

// 2. properties --raw --format json against a JVM doing the same.
let properties = directory.appendingPathComponent("big.properties")
let propertiesBytes = PropertiesText.generate(bytes: 50_000_000)
try Data(propertiesBytes).write(to: properties)
let classes = directory.appendingPathComponent("classes")
let javac = measure(["javac", "-d", classes.path, repository.appendingPathComponent("Benchmarks/Java/PropertiesToJson.java").path])
guard javac.status == 0 else {
    print("javac failed")
    exit(1)
}
let oursJSON = directory.appendingPathComponent("ours.json").path
let javaJSON = directory.appendingPathComponent("java.json").path
let print_ = compare([factory, "properties", properties.path, "--raw", "--format", "json", "--show-secrets"],
                     ["java", "-cp", classes.path, "PropertiesToJson", properties.path], oursOutput: oursJSON, peerOutput: javaJSON)
let same = FileManager.default.contentsEqual(atPath: oursJSON, andPath: javaJSON)
let propertiesMB = Double(propertiesBytes.count) / 1_000_000
print(String(format: "properties --raw --format json, %.1f MB:", propertiesMB))
print(String(format: "  factory properties          %7.0f ms  (%.0f-%.0f)  cpu %5.0f ms  %6.0f MB/s  peak %5.0f MB  exit %d",
             print_.ours.seconds * 1000, print_.ours.range.lowerBound * 1000, print_.ours.range.upperBound * 1000,
             print_.ours.cpuSeconds * 1000, propertiesMB / print_.ours.seconds, Double(print_.ours.peakKilobytes) / 1024, print_.ours.status))
print(String(format: "  java PropertiesToJson       %7.0f ms  (%.0f-%.0f)  cpu %5.0f ms  %6.0f MB/s  peak %5.0f MB  exit %d",
             print_.peer.seconds * 1000, print_.peer.range.lowerBound * 1000, print_.peer.range.upperBound * 1000,
             print_.peer.cpuSeconds * 1000, propertiesMB / print_.peer.seconds, Double(print_.peer.peakKilobytes) / 1024, print_.peer.status))
print(String(format: "  ratio: %.2fx the JVM's time (targets: >= 100 MB/s, faster than the JVM); outputs identical: %@",
             print_.ours.seconds / print_.peer.seconds, same ? "yes" : "no"))
