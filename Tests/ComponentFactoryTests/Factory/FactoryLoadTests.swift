@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Foundation
import Synchronization
import Testing

@Suite struct FactoryLoadTests {
    /// The app of `Fixtures/BundledApp`, as a package ships it: its assemblies and config as resources.
    private static func resource(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: "Fixtures/BundledApp/" + name, withExtension: nil))
    }

    @Test func anAppGetsAWorkingFactoryFromItsBundleInOneCall() throws {
        let factory = try Factory.load(assemblies: [.url(try Self.resource("Assemblies"))],
                                       config: .url(try Self.resource("Config")),
                                       environment: "production", registry: Garage.registry())
        let car = try factory.component(forKey: "car", as: Car.self)
        #expect(car.engine.horsepower == 300, "the production overlay wins")
        #expect(car.name == "Herbie")
        #expect(factory.environment == "production")
    }

    @Test func everyLoadingEntryPointTakesTheBundlesURLs() async throws {
        let (assemblies, config) = (try Self.resource("Assemblies"), try Self.resource("Config"))
        let loaded = try await Factory.loadAsync(assemblies: [.url(assemblies)], config: .url(config), environment: "production",
                                                 registry: Garage.registry())
        #expect(try loaded.component(forKey: "car", as: Car.self).engine.horsepower == 300)
        let live = try await LiveFactory.load(assemblies: [.url(assemblies)], config: .url(config), environment: "production",
                                              registry: Garage.registry())
        #expect(try live.factory.component(forKey: "car", as: Car.self).engine.horsepower == 300)
        #expect(live.watchedDirectories.contains(config.path), "a live factory watches the bundle's config root")
        try await live.shutdown()
        let test = try TestFactory.make(assemblies: [.url(assemblies)], registry: Garage.registry(),
                                        options: .test(config: .url(config)))
        #expect(try test.component(forKey: "car", as: Car.self).name == "Herbie (test)")
        let testAsync = try await TestFactory.makeAsync(assemblies: [.url(assemblies)], registry: Garage.registry(),
                                                        options: .test(config: .url(config)))
        #expect(try await testAsync.async.component(forKey: "car", as: Car.self).name == "Herbie (test)")
    }

    @Test func aURLThatIsNotAFileIsRefusedByTheAsyncLoadToo() async throws {
        let remote = try #require(URL(string: "https://example.invalid/Assemblies"))
        do {
            _ = try await Factory.loadAsync(assemblies: [.url(remote)], registry: Garage.registry())
            Issue.record("a remote URL loaded")
        } catch {
            #expect(error.diagnostics.map(\.code) == [.importNotFound])
        }
    }

    @Test(.factory(assemblies: [Bundle.module.url(forResource: "Fixtures/BundledApp/Assemblies", withExtension: nil)].compactMap { $0.map(Factory.Location.url) },
                   registry: Garage.registry(),
                   options: .test(config: Bundle.module.url(forResource: "Fixtures/BundledApp/Config", withExtension: nil).map(Factory.Location.url))))
    func theTraitTakesTheBundlesURLs() throws {
        #expect(try TestFactory.current.component(forKey: "car", as: Car.self).name == "Herbie (test)")
    }

    @Test(.factory(assemblies: [.path(Bundle.module.url(forResource: "Fixtures/BundledApp/Assemblies", withExtension: nil)?.path ?? "missing")],
                   registry: Garage.registry(),
                   options: .init(config: Bundle.module.url(forResource: "Fixtures/BundledApp/Config", withExtension: nil).map { .url($0) },
                                  environment: "production", overrides: ["car.name": "KITT"], processEnvironment: [:])))
    func theTraitTakesLoadOptions() throws {
        let car = try TestFactory.current.component(forKey: "car", as: Car.self)
        #expect((car.name, car.engine.horsepower) == ("KITT", 300), "the production overlay, then the override")
    }

    /// A layer that defines `car.name` through a placeholder, and counts how often each key is asked of it.
    private final class CountingSource: PropertySource, Sendable {
        let asked = Mutex<[String: Int]>([:])
        var name: String { "counting" }
        var listedKeys: [String] { ["car.name"] }
        func property(forKey key: String) -> PropertyValue? {
            asked.withLock { $0[key, default: 0] += 1 }
            return key == "car.name" ? PropertyValue(text: "Herbie ${engine.horsepower}hp", location: nil, sourceName: name) : nil
        }
    }

    @Test func aLoadResolvesEachKeyOnceThroughTheEnvironmentsOneResolver() throws {
        // car.name is checked as a property of the configuration, checked where the assembly reads it, and
        // compiled: one resolver for the three resolves it, and asks the layers for it, once.
        let counting = CountingSource()
        let factory = try Factory.load(assemblies: [.url(try Self.resource("Assemblies"))], registry: Garage.registry(),
                              options: .init(config: .url(try Self.resource("Config")), environment: "test", sources: [counting]))
        #expect(try factory.component(forKey: "car", as: Car.self).name == "Herbie 90hp")
        // Under the wiring check (COMPONENT_FACTORY_WIRING=compiled) the interpreter's build makes the image, and the
        // compiled build resolves the sites again: each build asks once.
        let builds = ProcessInfo.processInfo.environment["COMPONENT_FACTORY_WIRING"] == "compiled" ? 2 : 1
        #expect(counting.asked.withLock { $0["car.name"] } == builds)
    }

    @Test func theEnvironmentVariableChoosesTheEnvironmentWhenTheCallDoesNot() throws {
        let factory = try Factory.load(assemblies: [.url(try Self.resource("Assemblies"))], registry: Garage.registry(),
                              options: .init(config: .url(try Self.resource("Config")), processEnvironment: [Factory.environmentVariable: "test"]))
        #expect(try factory.component(forKey: "car", as: Car.self).name == "Herbie (test)")
    }

    @Test func overridesWinOverEnvironmentVariablesWhichAreOptIn() throws {
        let variables = [Factory.environmentVariable: "test", "CAR_NAME": "KITT", "ENGINE_HORSEPOWER": "150"]
        let optedIn = try Factory.load(assemblies: [.url(try Self.resource("Assemblies"))], registry: Garage.registry(),
                              options: .init(config: .url(try Self.resource("Config")), overrides: ["engine.horsepower": "200"], useEnvironmentVariables: true, processEnvironment: variables))
        let car = try optedIn.component(forKey: "car", as: Car.self)
        #expect((car.name, car.engine.horsepower) == ("KITT", 200))
        let plain = try Factory.load(assemblies: [.url(try Self.resource("Assemblies"))], registry: Garage.registry(),
                            options: .init(config: .url(try Self.resource("Config")), processEnvironment: variables))
        #expect(try plain.component(forKey: "car", as: Car.self).name == "Herbie (test)")
    }

    @Test func noEnvironmentWhereTheConfigHasSeveralIsAnErrorListingThem() throws {
        let error = thrown { () throws(DiagnosticReport) in
            _ = try Factory.load(assemblies: [try? Self.resource("Assemblies")].compactMap { $0.map(Factory.Location.url) },
                                 registry: Garage.registry(),
                        options: .init(config: (try? Self.resource("Config")).map { .url($0) }, processEnvironment: [:]))
        }
        #expect(error?.diagnostics.map(\.code) == [.propertiesNotFound])
        #expect(error?.diagnostics.first?.message.hasSuffix("has production, test") == true)
        #expect(error?.diagnostics.first?.message.contains(Factory.environmentVariable) == true)
    }

    @Test func anAssemblyThatReadsNoPropertyNeedsNoConfig() throws {
        let directory = try TemporaryDirectory()
        let assembly = try directory.write("Assemblies/Engine.xml",
                                           "<assembly><component class=\"ElectricEngine\" key=\"engine\"/></assembly>")
        let withNone = try Factory.load(assemblies: [.path(assembly)], registry: Garage.registry(),
                               options: .init(processEnvironment: [:]))
        #expect(try withNone.component(forKey: "engine") is ElectricEngine)
        try FileManager.default.createDirectory(atPath: directory.file("Config"), withIntermediateDirectories: true)
        let withEmpty = try Factory.load(assemblies: [.path(assembly)], registry: Garage.registry(),
                                options: .init(config: .path(directory.file("Config")), processEnvironment: [:]))
        #expect(try withEmpty.component(forKey: "engine") is ElectricEngine)
    }

    /// Three broken apps: each must fail in one call and through the five calls, with file:line, and never yield a factory.
    enum Breakage: String, CaseIterable {
        case malformedAssembly, unresolvedPlaceholder, unknownClass

        var assembly: String {
            switch self {
            case .malformedAssembly:
                "<assembly>\n<component class=\"ElectricEngine\" key=\"engine\">\n</assembly>\n"
            case .unresolvedPlaceholder:
                "<assembly>\n<component class=\"Driver\" key=\"driver\">\n<property name=\"name\" value=\"${driver.nmae}\"/>\n</component>\n</assembly>\n"
            case .unknownClass:
                "<assembly>\n<component class=\"ElectricEngin\" key=\"engine\"/>\n</assembly>\n"
            }
        }

        var expected: (code: DiagnosticCode, line: Int) {
            switch self {
            case .malformedAssembly: (.malformedXML, 3)
            case .unresolvedPlaceholder: (.unresolvedPlaceholder, 3)
            case .unknownClass: (.unknownClass, 2)
            }
        }
    }

    @Test(arguments: Breakage.allCases)
    func aBrokenAppThrowsWithFileAndLineInOneCallAndInFive(_ breakage: Breakage) throws {
        let directory = try TemporaryDirectory()
        let assembly = try directory.write("Assemblies/App.xml", breakage.assembly)
        try directory.write("Config/app.properties", "driver.name = Rita\n")

        let oneCall = thrown { () throws(DiagnosticReport) in
            _ = try Factory.load(assemblies: [.path(assembly)], registry: Garage.registry(),
                        options: .init(config: .path(directory.file("Config")), processEnvironment: [:]))
        }
        #expect(oneCall?.diagnostics.first?.code == breakage.expected.code)
        #expect(oneCall?.diagnostics.first?.location?.file == assembly)
        #expect(oneCall?.diagnostics.first?.location?.line == breakage.expected.line)
        #expect(oneCall?.description.hasPrefix("\(assembly):\(breakage.expected.line):") == true)

        let fiveCalls = thrown {
            let loaded = AssemblyLoader.load(paths: [assembly])
            let loader = ConfigurationLoader(root: try ConfigRoot.scan(directory.file("Config")))
            let configuration = try loader.configuration(declaredBy: loaded.assemblies, environment: nil)
            _ = try Factory(assemblies: loaded.assemblies, configuration: configuration, registry: Garage.registry())
        }
        let report = try #require(fiveCalls as? DiagnosticReport, "a factory was built from a broken app")
        #expect(report.diagnostics.first?.code == breakage.expected.code)
        #expect(report.diagnostics.first?.location?.line == breakage.expected.line)
    }

    @Test func everyProblemOfTheCallIsInItsOneReport() throws {
        let directory = try TemporaryDirectory()
        let assembly = try directory.write("Assemblies/App.xml", """
            <assembly>
            <component class="ElectricEngin" key="engine"/>
            <component class="Driver" key="driver"><property name="name" value="${driver.nmae}"/></component>
            <component class="Car" key="car">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engin"/></initializer>
            </component>
            </assembly>
            """)
        let error = thrown { () throws(DiagnosticReport) in
            _ = try Factory.load(assemblies: [.path(assembly)], registry: Garage.registry(),
                        options: .init(processEnvironment: [:]))
        }
        #expect(Set(error?.diagnostics.map(\.code) ?? []) == [.unknownClass, .unresolvedPlaceholder, .unknownReference])
    }
}
