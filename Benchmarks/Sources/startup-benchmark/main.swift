// Start-up as a Spring Boot user feels it (issue 29): from process start to the
// first component, for an app of 1,000 components in three environments, 100 of
// them eager singletons, each with a value from the environment's .properties.
// `Factory.load` in a process of this executable (`startup-benchmark child DIR ENV`)
// against Spring 4.3's `FileSystemXmlApplicationContext` over the same beans, with
// the same properties through a placeholder configurer (`Java/SpringStartup.java`),
// each a whole process, alternating, median of nine wall times.
//
//   apt-get install libspring-context-java       # Spring 4.3's context, beans, core
//   cd Benchmarks && swift build -c release --product startup-benchmark && ./.build/release/startup-benchmark
//
// `startup-benchmark phases [COMPONENTS]` writes the same app at another size (10,000 by
// default; a tenth of them eager singletons, each environment renaming a tenth) and loads
// it in this process, printing where `Factory.load`'s time goes: read, compile, build, as
// the factory's own inspection times them.
@_spi(Tooling) import ComponentFactory
import Foundation

final class Leaf: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

final class Node: Sendable {
    let name: String
    let leaf: Leaf
    init(name: String, leaf: Leaf) { (self.name, self.leaf) = (name, leaf) }
}

let phasesMode = CommandLine.arguments.dropFirst().first == "phases"
let compiledMode = CommandLine.arguments.dropFirst().first == "compiled"
let components = phasesMode || compiledMode ? CommandLine.arguments.dropFirst(2).first.flatMap(Int.init) ?? 10_000 : 1_000
let singletons = components / 10
let environments = ["development", "test", "production"]

func registry() -> ComponentRegistry {
    var registry = ComponentRegistry()
    registry.register(Leaf.self) { $0.initializer("initWithName:") { (name: String) in Leaf(name: name) } }
    registry.register(Node.self) { $0.initializer("initWithName:leaf:") { (name: String, leaf: Leaf) in Node(name: name, leaf: leaf) } }
    return registry
}

// The floor of a whole process: this executable started, and exited with nothing loaded.
if CommandLine.arguments.dropFirst().first == "child-empty" { exit(0) }

// The compiled child: the same from the app's compiled wiring (its texts read from files, where an
// app has them in its binary), with no assembly read.
if CommandLine.arguments.dropFirst().first == "child-compiled", CommandLine.arguments.count == 4 {
    let directory = CommandLine.arguments[2]
    let wiring = Factory.CompiledWiring(entry: try String(contentsOfFile: "\(directory)/wiring/entry.txt", encoding: .utf8),
                                        documents: [try String(contentsOfFile: "\(directory)/wiring/app.txt", encoding: .utf8)])
    let factory = try Factory.load(compiled: wiring, registry: registry(),
                                   options: .init(config: .path("\(directory)/Config"), environment: CommandLine.arguments[3]))
    print(try factory.component(forKey: "node2", as: Node.self).name)
    exit(0)
}

// One reload in a live factory, to look into with perf (`startup-benchmark child-reload DIR ENV compiled|interpreted`):
// leaf 2002's name edited in the environment's overlay, reloaded once, then put back.
if CommandLine.arguments.dropFirst().first == "child-reload", CommandLine.arguments.count == 5 {
    let (directory, environment) = (CommandLine.arguments[2], CommandLine.arguments[3])
    let options = Factory.LoadOptions(config: .path("\(directory)/Config"), environment: environment)
    let live = CommandLine.arguments[4] == "compiled"
        ? try await LiveFactory.load(compiled: Factory.CompiledWiring(
            entry: try String(contentsOfFile: "\(directory)/wiring/entry.txt", encoding: .utf8),
            documents: [try String(contentsOfFile: "\(directory)/wiring/app.txt", encoding: .utf8)]), registry: registry(), options: options)
        : try await LiveFactory.load(assemblies: ["\(directory)/Assemblies"], registry: registry(), options: options)
    let overlay = "\(directory)/Config/app-\(environment).properties"
    let original = try String(contentsOfFile: overlay, encoding: .utf8)
    try original.replacingOccurrences(of: "= \(environment) component 2002\n", with: "= edited\n")
        .write(toFile: overlay, atomically: true, encoding: .utf8)
    let event = await live.reload()
    try original.write(toFile: overlay, atomically: true, encoding: .utf8)
    let name = try live.factory.component(forKey: "leaf2002", as: Leaf.self).name
    try await live.shutdown()
    guard event.outcome == .swapped, name == "edited" else { fatalError("the reload did not swap in the edited value: \(event)") }
    exit(0)
}

// The child: load, resolve the first component, print its name, exit.
if CommandLine.arguments.dropFirst().first == "child", CommandLine.arguments.count == 4 {
    let directory = CommandLine.arguments[2]
    let factory = try Factory.load(assemblies: ["\(directory)/Assemblies"], config: "\(directory)/Config",
                                   environment: CommandLine.arguments[3], registry: registry())
    print(try factory.component(forKey: "node2", as: Node.self).name)
    exit(0)
}

/// The app, written for both: Assemblies/app.xml and Config/*.properties for the
/// factory; spring.xml and the same properties for Spring. Components 0–99 are
/// eager singletons (`node<N>`), each needing a prototype leaf; the rest are
/// prototype leaves (`leaf<N>`). Every component's name is a placeholder.
func writeApp(in directory: URL) throws {
    let manager = FileManager.default
    try manager.createDirectory(at: directory.appendingPathComponent("Assemblies"), withIntermediateDirectories: true)
    try manager.createDirectory(at: directory.appendingPathComponent("Config"), withIntermediateDirectories: true)
    var xml = "<assembly>\n<property-placeholder location=\"app.properties\"/>\n"
    var spring = """
        <?xml version="1.0" encoding="UTF-8"?>
        <beans xmlns="http://www.springframework.org/schema/beans" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
               xsi:schemaLocation="http://www.springframework.org/schema/beans http://www.springframework.org/schema/beans/spring-beans.xsd">

        """
    var base = ""
    for index in 0..<components {
        base += "component.\(index).name = component \(index)\n"
        if index < singletons {
            let leaf = singletons + index
            xml += "<component class=\"Node\" key=\"node\(index)\" scope=\"singleton\"><initializer selector=\"initWithName:leaf:\">"
                + "<argument parameterName=\"name\" value=\"${component.\(index).name}\"/>"
                + "<argument parameterName=\"leaf\" ref=\"leaf\(leaf)\"/></initializer></component>\n"
            spring += "<bean id=\"node\(index)\" class=\"SpringStartup$Node\"><constructor-arg value=\"${component.\(index).name}\"/>"
                + "<constructor-arg ref=\"leaf\(leaf)\"/></bean>\n"
        } else {
            xml += "<component class=\"Leaf\" key=\"leaf\(index)\" scope=\"prototype\"><initializer selector=\"initWithName:\">"
                + "<argument parameterName=\"name\" value=\"${component.\(index).name}\"/></initializer></component>\n"
            spring += "<bean id=\"leaf\(index)\" class=\"SpringStartup$Leaf\" scope=\"prototype\">"
                + "<constructor-arg value=\"${component.\(index).name}\"/></bean>\n"
        }
    }
    try (xml + "</assembly>\n").write(to: directory.appendingPathComponent("Assemblies/app.xml"), atomically: true, encoding: .utf8)
    try (spring + "</beans>\n").write(to: directory.appendingPathComponent("spring.xml"), atomically: true, encoding: .utf8)
    try base.write(to: directory.appendingPathComponent("Config/app.properties"), atomically: true, encoding: .utf8)
    // Each environment overrides the names of a hundred components.
    for (offset, environment) in environments.enumerated() {
        let overlay = (0..<components / 10).map { "component.\($0 * 10 + offset).name = \(environment) component \($0 * 10 + offset)\n" }.joined()
        try overlay.write(to: directory.appendingPathComponent("Config/app-\(environment).properties"), atomically: true, encoding: .utf8)
    }
}

/// Runs `arguments`, and returns its wall time in seconds and its first line of output.
func run(_ arguments: [String]) throws -> (seconds: Double, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    let clock = ContinuousClock()
    let start = clock.now
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let elapsed = clock.now - start
    guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad, userInfo: ["command": arguments.joined(separator: " ")]) }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return (seconds, String(output.split(separator: "\n").first ?? ""))
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("startup-benchmark-\(getpid())")
/// Removes the app's directory and exits: `exit` runs no `defer`.
func finish() -> Never {
    try? FileManager.default.removeItem(at: directory)
    exit(0)
}
defer { try? FileManager.default.removeItem(at: directory) }
try writeApp(in: directory)

if compiledMode {
    // Compiled wiring against the interpreter on the same app: in process (alternating, seven loads each
    // after one to warm up), then as whole processes from start to first lookup (alternating, nine each).
    let assemblies = AssemblyLoader.load(paths: ["\(directory.path)/Assemblies"], checkSchema: false).assemblies
    let loader = ConfigurationLoader(root: try ConfigRoot.scan("\(directory.path)/Config"), environmentVariables: [:])
    // Generation as compile-wiring does it, twice: every environment built with the registry, its image, the text.
    func generate() throws -> WiringWriter {
        let images = try environments.map { environment in
            try EnvironmentBuild(assemblies: assemblies, loader: loader, environment: environment, registry: registry())
                .wiringImage(of: assemblies, registry: registry())
        }
        return WiringWriter(images, stamps: WiringStamps(registry: WiringStamps.registry(registry())))
    }
    let generationStart = ContinuousClock.now
    let writer = try generate()
    let generation = (ContinuousClock.now - generationStart) / .milliseconds(1)
    let again = try generate()
    let identical = again.entry == writer.entry && again.documents.map(\.text) == writer.documents.map(\.text)
    try FileManager.default.createDirectory(at: directory.appendingPathComponent("wiring"), withIntermediateDirectories: true)
    try writer.entry.write(to: directory.appendingPathComponent("wiring/entry.txt"), atomically: true, encoding: .utf8)
    try writer.documents[0].text.write(to: directory.appendingPathComponent("wiring/app.txt"), atomically: true, encoding: .utf8)
    let wiring = Factory.CompiledWiring(entry: writer.entry, documents: writer.documents.map(\.text))
    let options = Factory.LoadOptions(config: .path("\(directory.path)/Config"), environment: "production")
    func milliseconds(_ body: () throws -> Factory) throws -> Double {
        let start = ContinuousClock.now
        let factory = try body()
        _ = try factory.component(forKey: "node2", as: Node.self)
        let elapsed = (ContinuousClock.now - start) / .milliseconds(1)
        try factory.shutdown()
        return elapsed
    }
    var interpreted: [Double] = [], compiled: [Double] = [], ratios: [Double] = []
    for round in 0..<8 {
        let pair = try (milliseconds { try Factory.load(assemblies: ["\(directory.path)/Assemblies"], registry: registry(), options: options) },
                        milliseconds { try Factory.load(compiled: wiring, registry: registry(), options: options) })
        guard round > 0 else { continue }
        interpreted.append(pair.0)
        compiled.append(pair.1)
        ratios.append(pair.0 / pair.1)
    }
    // What any load must do, compiled or not: the environment's configuration read, and every value site
    // resolved through the one resolver (the names are strings, so converting them costs nothing more). Seven after one.
    let sites = (0..<components).map { "${component.\($0).name}" }
    var floors: [Double] = []
    for round in 0..<8 {
        let start = ContinuousClock.now
        var resolver = PlaceholderResolver(configuration: try loader.configuration(declaredBy: assemblies, environment: "production"))
        for site in sites { _ = try resolver.resolve(site, at: nil) }
        if round > 0 { floors.append((ContinuousClock.now - start) / .milliseconds(1)) }
    }
    let text = writer.entry.utf8.count + writer.documents.reduce(0) { $0 + $1.text.utf8.count }
    print("Factory.load to the first lookup, \(components) components (\(singletons) eager singletons), environment production "
          + "of \(environments.count); wiring text \(text / 1024) KiB, generated in \(Int(generation)) ms "
          + "(\(environments.count) environments), a second generation \(identical ? "byte-identical" : "DIFFERENT")")
    print(String(format: "  in process, interpreted %.1f ms (%.1f-%.1f), compiled %.1f ms (%.1f-%.1f): %.1fx (ratios %.1f-%.1f)",
                 median(interpreted), interpreted.min() ?? 0, interpreted.max() ?? 0, median(compiled), compiled.min() ?? 0,
                 compiled.max() ?? 0, median(ratios), ratios.min() ?? 0, ratios.max() ?? 0))
    print(String(format: "  the configuration read and the %d sites resolved, in process %.1f ms (%.1f-%.1f): at most %.1fx the "
                 + "interpreted load, whatever else a compiled load skips", components, median(floors), floors.min() ?? 0,
                 floors.max() ?? 0, median(interpreted) / median(floors)))
    // One value reloaded in a live factory each way: the production overlay's name of leaf 2002 (a prototype no singleton holds) edited
    // before each reload (alternating, seven each after one), then put back for the whole processes.
    let overlay = directory.appendingPathComponent("Config/app-production.properties")
    let original = try String(contentsOf: overlay, encoding: .utf8)
    let lives = [try await LiveFactory.load(assemblies: ["\(directory.path)/Assemblies"], registry: registry(), options: options),
                 try await LiveFactory.load(compiled: wiring, registry: registry(), options: options)]
    var reloads: [[Double]] = [[], []], reloadRatios: [Double] = []
    for round in 0..<8 {
        var pair: [Double] = []
        for (side, live) in (round % 2 == 0 ? [(0, lives[0]), (1, lives[1])] : [(1, lives[1]), (0, lives[0])]) {
            let edited = original.replacingOccurrences(of: "= production component 2002\n", with: "= edited \(round) \(side)\n")
            try edited.write(to: overlay, atomically: true, encoding: .utf8)
            let start = ContinuousClock.now
            let event = await live.reload()
            let elapsed = (ContinuousClock.now - start) / .milliseconds(1)
            guard event.outcome == .swapped, try live.factory.component(forKey: "leaf2002", as: Leaf.self).name == "edited \(round) \(side)" else {
                fatalError("the reload did not swap in the edited value: \(event)")
            }
            pair.append(elapsed)
            if round > 0 { reloads[side].append(elapsed) }
        }
        if round > 0 { reloadRatios.append(round % 2 == 0 ? pair[0] / pair[1] : pair[1] / pair[0]) }
    }
    try original.write(to: overlay, atomically: true, encoding: .utf8)
    for live in lives { try await live.shutdown() }
    print(String(format: "  one value reloaded, interpreted %.1f ms (%.1f-%.1f), compiled %.1f ms (%.1f-%.1f): %.2fx the interpreted "
                 + "reload's time (ratios %.2f-%.2f)", median(reloads[0]), reloads[0].min() ?? 0, reloads[0].max() ?? 0,
                 median(reloads[1]), reloads[1].min() ?? 0, reloads[1].max() ?? 0, 1 / median(reloadRatios),
                 1 / (reloadRatios.max() ?? 1), 1 / (reloadRatios.min() ?? 1)))
    var wholeInterpreted: [Double] = [], wholeCompiled: [Double] = [], empty: [Double] = []
    for round in 0..<9 {
        empty.append(try run([CommandLine.arguments[0], "child-empty"]).seconds * 1000)
        let interpretedRun = [CommandLine.arguments[0], "child", directory.path, "production"]
        let compiledRun = [CommandLine.arguments[0], "child-compiled", directory.path, "production"]
        let (first, second) = round % 2 == 0 ? (interpretedRun, compiledRun) : (compiledRun, interpretedRun)
        let one = try run(first), two = try run(second)
        guard one.output == two.output, one.output == "production component 2" else { fatalError("the children disagree") }
        wholeInterpreted.append((round % 2 == 0 ? one : two).seconds * 1000)
        wholeCompiled.append((round % 2 == 0 ? two : one).seconds * 1000)
    }
    print(String(format: "  whole process, interpreted %.1f ms (%.1f-%.1f), compiled %.1f ms (%.1f-%.1f): %.1fx",
                 median(wholeInterpreted), wholeInterpreted.min() ?? 0, wholeInterpreted.max() ?? 0, median(wholeCompiled),
                 wholeCompiled.min() ?? 0, wholeCompiled.max() ?? 0, median(wholeInterpreted) / median(wholeCompiled)))
    print(String(format: "  the process alone (this executable started and exited, nothing loaded) %.1f ms (%.1f-%.1f)",
                 median(empty), empty.min() ?? 0, empty.max() ?? 0))
    finish()
}

if phasesMode {
    // In process, seven loads after one to warm up: each phase's median and fastest, from the factory's own timeline.
    var loads: [FactoryInspection.Startup] = []
    for round in 0..<8 {
        let factory = try Factory.load(assemblies: ["\(directory.path)/Assemblies"], config: "\(directory.path)/Config",
                                       environment: "production", registry: registry())
        if round > 0, let startup = factory.inspection().startup { loads.append(startup) }
        try factory.shutdown()
    }
    print("Factory.load in process, \(components) components (\(singletons) eager singletons), environment production of "
          + "\(environments.count) (ms, median and fastest of \(loads.count) loads):")
    let total = loads.map(\.durationMilliseconds)
    print(String(format: "  whole load   %8.1f  (%.1f)", median(total), total.min() ?? 0))
    for name in ["read", "compile", "build"] {
        let times = loads.compactMap { $0.phases.first { $0.name == name }?.durationMilliseconds }
        guard !times.isEmpty else { continue }
        print("  " + name.padding(toLength: 12, withPad: " ", startingAt: 0)
              + String(format: " %8.1f  (%.1f)  %4.1f%%", median(times), times.min() ?? 0, 100 * median(times) / median(total)))
    }
    // The compile phase taken apart, each stage on its own (medians of 7): the configuration with the
    // registry-free checks, then with the registry's checks, the compiler and the lowering into programs.
    let assemblies = AssemblyLoader.load(paths: ["\(directory.path)/Assemblies"], checkSchema: false).assemblies
    let loader = ConfigurationLoader(root: try ConfigRoot.scan("\(directory.path)/Config"), environmentVariables: [:])
    func timed(_ body: () -> Void) -> Double {
        median((0..<7).map { _ in
            let start = ContinuousClock.now
            body()
            return (ContinuousClock.now - start) / .milliseconds(1)
        })
    }
    let configuration = timed { _ = try? loader.load(environment: "production") }
    let registryFree = timed { _ = EnvironmentBuild(assemblies: assemblies, loader: loader, environment: "production") }
    let registryAware = timed { _ = EnvironmentBuild(assemblies: assemblies, loader: loader, environment: "production", registry: registry()) }
    print(String(format: "  compile, apart: the configuration alone %.1f; with the registry-free checks %.1f; "
                     + "with the registry's checks, compiled and lowered %.1f", configuration, registryFree, registryAware))
    finish()
}
let benchmarks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let jars = ["spring3-context", "spring3-beans", "spring3-core", "spring3-expression", "spring3-aop", "commons-logging"]
    .map { "/usr/share/java/\($0).jar" }
var springClasspath: String?
if let missing = jars.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
    print("Spring skipped: no \(missing) (Debian: apt-get install libspring-context-java)")
} else {
    let classes = directory.appendingPathComponent("classes").path
    _ = try run(["javac", "-nowarn", "-cp", jars.joined(separator: ":"), "-d", classes,
                 benchmarks.appendingPathComponent("Java/SpringStartup.java").path])
    springClasspath = (jars + [classes]).joined(separator: ":")
}

let rounds = 9
let environment = "production"
let ours = [CommandLine.arguments[0], "child", directory.path, environment]
let theirs = springClasspath.map { ["java", "-cp", $0, "SpringStartup", directory.appendingPathComponent("spring.xml").path,
                                    directory.appendingPathComponent("Config").path, environment] }
var ourTimes: [Double] = [], springTimes: [Double] = []
for round in 0..<rounds {
    let (factorySide, springSide): ((Double, String), (Double, String)?)
    if round % 2 == 0 {
        factorySide = try run(ours)
        springSide = try theirs.map(run)
    } else {
        springSide = try theirs.map(run)
        factorySide = try run(ours)
    }
    guard factorySide.1 == "production component 2" else {
        fatalError("the factory's first component is '\(factorySide.1)'")
    }
    if let springSide, springSide.1 != factorySide.1 { fatalError("Spring's first component is '\(springSide.1)', ours '\(factorySide.1)'") }
    ourTimes.append(factorySide.0)
    if let springSide { springTimes.append(springSide.0) }
}
print("Start-up: process start to the first component, \(components) components (\(singletons) eager singletons), "
      + "environment \(environment) of \(environments.count) (median of \(rounds) whole processes, alternating):")
print(String(format: "  Factory.load                          %.1f ms (%.1f-%.1f)", median(ourTimes) * 1000,
             (ourTimes.min() ?? 0) * 1000, (ourTimes.max() ?? 0) * 1000))
if !springTimes.isEmpty {
    print(String(format: "  Spring FileSystemXmlApplicationContext %.1f ms (%.1f-%.1f) = %.1fx ours", median(springTimes) * 1000,
                 (springTimes.min() ?? 0) * 1000, (springTimes.max() ?? 0) * 1000, median(springTimes) / median(ourTimes)))
}
