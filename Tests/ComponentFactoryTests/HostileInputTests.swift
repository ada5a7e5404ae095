@_spi(Tooling) @testable import ComponentFactory
import ComponentFactoryTesting
import Foundation
import Testing

/// Inputs far past the examples' size and shape, each generated here: every
/// one must end in a result or a diagnostic with file:line, never a crash
/// or a hang. The sizes are twice those that crashed or hung before.
@Suite struct HostileInputTests {
    private static func assembly(_ body: String) -> AssemblySet {
        AssemblySet(documents: [AssemblyReader.read(bytes: Array("<assembly>\n\(body)</assembly>\n".utf8), file: "big.xml").document])
    }

    private static let none = Configuration(environment: nil, sources: [])

    @Test func aLongChainOfInitializerReferencesValidatesWithoutRecursion() {
        var body = ""
        for index in 0..<9_000 {
            body += "<component class=\"Link\" key=\"l\(index)\"><initializer selector=\"initWithNext:\">"
                + "<argument parameterName=\"next\" ref=\"l\(index + 1)\"/></initializer></component>\n"
        }
        body += "<component class=\"Link\" key=\"l9000\"/>\n"
        #expect(EnvironmentBuild(assemblies: Self.assembly(body), configuration: Self.none, knownEnvironments: []).diagnostics.isEmpty)
    }

    @Test func aLongChainOfImportsLoadsWithoutRecursion() throws {
        let directory = try TemporaryDirectory()
        let count = 5_000
        for index in 0..<count {
            let next = index + 1 < count ? "<import resource=\"a\(index + 1).xml\"/>" : ""
            try directory.write("Assemblies/a\(index).xml",
                                "<assembly>\(next)<component class=\"Link\" key=\"l\(index)\"/></assembly>")
        }
        let loaded = AssemblyLoader.load(paths: [directory.file("Assemblies/a0.xml")], checkSchema: false)
        #expect(loaded.assemblies.documents.count == count)
        #expect(loaded.assemblies.diagnostics.isEmpty)
    }

    @Test func aDeepPrototypeChainIsABuildErrorNotAStackOverflow() throws {
        var registry = ComponentRegistry()
        registry.register(Link.self) { link in
            link.initializer { Link(next: nil) }
            link.initializer("initWithNext:") { (next: Link) in Link(next: next) }
        }
        var body = ""
        for index in 0..<8_000 {
            body += "<component class=\"Link\" key=\"l\(index)\" scope=\"prototype\"><initializer selector=\"initWithNext:\">"
                + "<argument parameterName=\"next\" ref=\"l\(index + 1)\"/></initializer></component>\n"
        }
        body += "<component class=\"Link\" key=\"l8000\" scope=\"prototype\"/>\n"
        let factory = try Factory(assemblies: Self.assembly(body), configuration: Self.none, registry: registry)
        let error = thrown { _ = try factory.component(forKey: "l0") }
        let diagnostic = try #require((error as? DiagnosticReport)?.diagnostics.first)
        #expect(diagnostic.code == .buildFailed)
        #expect(diagnostic.message.contains("more than \(Factory.maximumNesting) deep"))
        #expect(diagnostic.location?.file == "big.xml")
        #expect(try factory.component(forKey: "l7900", as: Link.self).length == 101, "a chain within the bound builds")
    }

    /// Components set by properties are built step by step on a stack of
    /// frames, not by calls nested for each: the bound holds there too.
    @Test func aDeepChainOfPropertiesIsABuildErrorNotAStackOverflow() throws {
        var registry = ComponentRegistry()
        registry.register(Knot.self) { knot in
            knot.initializer { Knot() }
            knot.property("next", \.next)
        }
        var body = ""
        for index in 0..<8_000 {
            body += "<component class=\"Knot\" key=\"k\(index)\" scope=\"prototype\"><property name=\"next\" ref=\"k\(index + 1)\"/></component>\n"
        }
        body += "<component class=\"Knot\" key=\"k8000\" scope=\"prototype\"/>\n"
        let factory = try Factory(assemblies: Self.assembly(body), configuration: Self.none, registry: registry)
        let error = thrown { _ = try factory.component(forKey: "k0") }
        let diagnostic = try #require((error as? DiagnosticReport)?.diagnostics.first)
        #expect(diagnostic.code == .buildFailed)
        #expect(diagnostic.message.contains("more than \(Factory.maximumNesting) deep"))
        #expect(diagnostic.location?.file == "big.xml")
        #expect(try factory.component(forKey: "k\(8_000 - Factory.maximumNesting + 1)", as: Knot.self).length == Factory.maximumNesting,
                "a chain as deep as the bound builds")
    }

    /// A frame's program has a register for each component it needs, with
    /// no bound: fifty thousand references in one collection are laid out
    /// and built in time linear in their number.
    @Test func aCollectionOfFiftyThousandReferencesIsBuiltOnAFrame() throws {
        let count = 50_000
        let items = String(repeating: "<ref>alice</ref>", count: count)
        let factory = try Factory(assemblies: Self.assembly("""
            <component class="ElectricEngine" key="engine"/>
            <component class="Driver" key="alice" scope="prototype"><property name="name" value="Alice"/></component>
            <component class="Car" key="car" scope="singleton" lazy-init="true">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
                <property name="passengers"><collection>\(items)</collection></property>
            </component>
            """), configuration: Self.none, registry: Garage.registry())
        let car = try #require(factory.index(ofKey: "car"))
        #expect(factory.table.programs.frame(car).pointee.registerCount == count + 3, "the car's, the engine's, the list's and each driver's")
        let passengers = try factory.component(forKey: "car", as: Car.self).passengers
        #expect(passengers.count == count && passengers.allSatisfy { $0.name == "Alice" })
    }

    @Test func aLongParentChainIsLinearAndBounded() {
        var body = "<component class=\"Link\" key=\"p0\"/>\n"
        for index in 1..<6_000 {
            body += "<component key=\"p\(index)\" parent=\"p\(index - 1)\"/>\n"
        }
        let diagnostics = EnvironmentBuild(assemblies: Self.assembly(body), configuration: Self.none, knownEnvironments: []).diagnostics
        #expect(diagnostics.count == 6_000 - 65)
        #expect(diagnostics.allSatisfy { $0.code == .unknownParent && $0.message.hasSuffix("definitions deep; flatten it") })
        #expect(diagnostics.first?.location?.line == 67)
    }

    @Test func thousandsOfMisspellingsAmongThousandsOfKeysStayFast() {
        var body = ""
        // 4,000 here, to keep the debug suite quick; the release tool's run of 12,000 is in the benchmarks' notes.
        for index in 0..<4_000 {
            body += "<component class=\"Link\" key=\"key\(index)\"><property name=\"next\" ref=\"kye\(index)\"/></component>\n"
        }
        let diagnostics = EnvironmentBuild(assemblies: Self.assembly(body), configuration: Self.none, knownEnvironments: []).diagnostics
        #expect(diagnostics.count == 4_000)
        #expect(diagnostics.first?.message.hasPrefix("no component with key 'kye0' for the reference of 'key0'; did you mean 'key0'") == true)
        #expect(diagnostics.allSatisfy { $0.code == .unknownReference })
    }

    @Test func manyAttributesOnOneElementAreRefusedBeforeParsing() {
        let attributes = (0..<600_000).map { " a\($0)=\"x\"" }.joined()
        let reading = AssemblyReader.read(bytes: Array("<assembly>\n<component\(attributes)/></assembly>".utf8), file: "crowded.xml")
        #expect(reading.diagnostics.map(\.code) == [.malformedXML])
        #expect(reading.diagnostics.first?.message == "an element has more than 128 attributes")
        #expect(reading.diagnostics.first?.location?.line == 2)
    }

    @Test func anAssemblyOverTenMegabytesLoads() {
        var body = ""
        body.reserveCapacity(12 << 20)
        var count = 0
        while body.utf8.count < 12 << 20 {
            body += "<component class=\"Link\" key=\"component\(count)\" scope=\"prototype\"><description>padding padding</description></component>\n"
            count += 1
        }
        let reading = AssemblyReader.read(bytes: Array("<assembly>\n\(body)</assembly>\n".utf8), file: "large.xml")
        #expect(reading.diagnostics.isEmpty)
        #expect(reading.document.components.count == count)
    }

    @Test func anEmptyFileSaysItIsEmpty() {
        let reading = AssemblyReader.read(bytes: Array(" \n".utf8), file: "empty.xml")
        #expect(reading.diagnostics.first?.message == "the file is empty; an assembly needs an <assembly> root element")
    }

    @Test func aHugeValueIsNotQuotedWholeInAMessage() {
        let diagnostic = Diagnostic(.conversion, "cannot convert '\(String(repeating: "x", count: 600_000))' to Int", at: nil)
        #expect(diagnostic.message.count < 1_100)
        #expect(diagnostic.message.hasPrefix("cannot convert 'xxx"))
        #expect(diagnostic.message.hasSuffix("xxx' to Int"))
        #expect(diagnostic.message.contains("characters left out"))
    }
}

/// Files that are not regular files, and links out of their root.
@Suite struct OddFileTests {
    @Test func aDeviceOrAFifoIsRefusedWithoutReading() throws {
        let directory = try TemporaryDirectory()
        #expect(mkfifo(directory.file("pipe.properties"), 0o600) == 0)
        for path in ["/dev/zero", directory.file("pipe.properties")] {
            let error = thrown { () throws(Diagnostic) in _ = try ConfigurationLoader(root: ConfigRoot(path: directory.path, baseFiles: [], environments: [])).read(path) }
            #expect(error?.code == .propertiesNotFound, "\(path)")
            #expect(error?.message == "cannot read file: it is not a regular file", "\(path)")
        }
    }

    @Test func aConfigRootWithAFifoAndALinkToADeviceFailsFast() throws {
        let directory = try TemporaryDirectory()
        try directory.write("Config/app.properties", "a=1\n")
        #expect(mkfifo(directory.file("Config/app-test.properties"), 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: directory.file("Config/zero.properties"), withDestinationPath: "/dev/zero")
        let loader = ConfigurationLoader(root: try ConfigRoot.scan(directory.file("Config")))
        let error = thrown { () throws(DiagnosticReport) in _ = try loader.load(environment: "test") }
        #expect(error?.diagnostics.map(\.code) == [.propertiesNotFound, .pathOutsideRoot])
    }

    @Test func linksOutOfTheRootAreRefusedHoweverTheFileIsReached() throws {
        let directory = try TemporaryDirectory()
        try directory.write("outside/secret.xml", "<assembly><component class=\"Link\" key=\"secret\"/></assembly>")
        try directory.write("outside/secret.properties", "password=hunter2\n")
        try directory.write("Assemblies/app.xml", "<assembly><property-placeholder location=\"linked/secret.properties\"/></assembly>")
        try FileManager.default.createSymbolicLink(atPath: directory.file("Assemblies/linked.xml"),
                                                   withDestinationPath: directory.file("outside/secret.xml"))
        try FileManager.default.createDirectory(atPath: directory.file("Config"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.file("Config/linked"), withDestinationPath: directory.file("outside"))

        let loaded = AssemblyLoader.load(paths: [directory.file("Assemblies")])
        #expect(loaded.assemblies.components.isEmpty)
        #expect(loaded.diagnostics.map(\.code) == [.pathOutsideRoot])

        let loader = ConfigurationLoader(root: try ConfigRoot.scan(directory.file("Config")))
        let failure = thrown { () throws(DiagnosticReport) in _ = try loader.configuration(declaredBy: loaded.assemblies, environment: nil) }
        #expect(failure?.diagnostics.map(\.code) == [.pathOutsideRoot])
    }

    @Test func anAssemblyThatIsADirectorySaysWhy() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("Assemblies/odd.xml"), withIntermediateDirectories: true)
        let loaded = AssemblyLoader.load(paths: [directory.file("Assemblies")])
        #expect(loaded.unreadable.map(\.message) == ["cannot read assembly '\(directory.file("Assemblies/odd.xml"))': it is a directory"])
    }
}

final class Link {
    let next: Link?
    init(next: Link?) { self.next = next }
    var length: Int { chainLength(from: self, next: \.next) }
}

final class Knot {
    var next: Knot?
    var length: Int { chainLength(from: self, next: \.next) }
}

/// How many links a chain has from `first`, counted without recursion.
func chainLength<Link: AnyObject>(from first: Link, next: (Link) -> Link?) -> Int {
    var count = 1
    var current = next(first)
    while let link = current {
        count += 1
        current = next(link)
    }
    return count
}
