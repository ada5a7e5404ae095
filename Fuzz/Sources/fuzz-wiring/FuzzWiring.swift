@_spi(Tooling) import ComponentFactory
import FuzzSupport

/// Differential: any bytes as an assembly, built by the interpreter and
/// from its compiled wiring (the image written as text and read back) in two
/// environments, with the configuration it was compiled with and with other
/// values. Both give the same plan table; with other values, the same
/// diagnostics, byte for byte (or, for a value that decides shape, the
/// compiled side's `stale-wiring`); and each key resolves to the same value or
/// fails with the same message. Bytes that begin `wiring ` are wiring text:
/// reading them ends in an image or a `stale-wiring` diagnostic, never a crash.
@_cdecl("fuzz_wiring_main")
func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzzWiring)
}

final class Engine: Sendable {
    let power: Int
    init(power: Int) { self.power = power }
}

final class Car: Sendable, CustomStringConvertible {
    let engine: Engine
    let name: String
    let timeout: Duration
    let tags: [String]
    let ratings: [String: Int]
    init(engine: Engine, name: String, timeout: Duration, tags: [String], ratings: [String: Int]) {
        (self.engine, self.name, self.timeout, self.tags, self.ratings) = (engine, name, timeout, tags, ratings)
    }
    var description: String { "Car(\(engine.power), \(name), \(timeout), \(tags), \(ratings.sorted { $0.key < $1.key }))" }
}

final class Garage: Sendable {
    func engine(power: Int) -> Engine { Engine(power: power) }
}

private let registry: ComponentRegistry = {
    var registry = ComponentRegistry()
    registry.register(Engine.self) { $0.initializer("initWithPower:") { (power: Int) in Engine(power: power) } }
    registry.register(Garage.self) { garage in
        garage.initializer { Garage() }
        garage.factoryMethod("engineWithPower:") { (garage: Garage, power: Int) in garage.engine(power: power) }
    }
    registry.register(Car.self) { car in
        car.initializer("initWithEngine:name:timeout:tags:ratings:") {
            (engine: Engine, name: String, timeout: Duration, tags: [String], ratings: [String: Int]) in
            Car(engine: engine, name: name, timeout: timeout, tags: tags, ratings: ratings)
        }
    }
    return registry
}()

private func configuration(_ environment: String, _ values: [String: String]) -> Configuration {
    Configuration(environment: environment, sources: [InMemoryPropertySource(name: "fuzz", values: values)])
}

private let compiledWith = ["power": "90", "name": "Herbie", "timeout": "30s", "tag": "red", "rating": "7", "class": "Engine"]
/// Other values: good ones, bad ones (each a diagnostic), a value that decides shape, and keys missing.
private let others: [[String: String]] = [
    ["power": "120", "name": "KITT", "timeout": "1m", "tag": "blue", "rating": "9", "class": "Engine"],
    ["power": "many", "name": "KITT", "timeout": "soon", "tag": "", "rating": "x", "class": "Engine"],
    ["power": "120", "name": "${name}", "timeout": "1m", "tag": "${missing}", "rating": "9", "class": "Car"],
    ["name": "Herbie"],
]

/// Every key's value as text, or the failure's message.
private func resolutions(_ blueprintFactory: Factory) -> [String] {
    blueprintFactory.descriptions.map { description in
        do {
            return "\(description.key) = \(try blueprintFactory.component(forKey: description.key))"
        } catch {
            return "\(description.key) ! \(error)"
        }
    }
}

private let fuzzWiring: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
    let bytes = FuzzSupport.bytes(data, size)
    if bytes.starts(with: Array("wiring ".utf8)) {
        let text = String(decoding: bytes, as: UTF8.self)
        do throws(Diagnostic) {
            _ = try WiringReader.image(of: "test", entry: text, documents: [text])
        } catch {
            if error.code != .staleWiring { fail("reading wiring text threw \(error.code): \(error)") }
        }
        return 0
    }
    let reading = AssemblyReader.read(bytes: bytes, file: "fuzz.xml")
    guard reading.diagnostics.isEmpty else { return 0 }
    let assemblies = AssemblySet(documents: [reading.document])
    for environment in ["test", "production"] {
        let build = EnvironmentBuild(assemblies: assemblies, configuration: configuration(environment, compiledWith), registry: registry)
        guard build.diagnostics.allSatisfy({ $0.severity != .error }) else { continue }
        let image: WiringImage
        do {
            let written = WiringWriter([try build.wiringImage(of: assemblies, registry: registry)])
            image = try WiringReader.image(of: environment, entry: written.entry, documents: written.documents.map(\.text))
        } catch {
            fail("an assembly that compiled has no wiring: \(error)")
        }
        for values in [compiledWith] + others {
            let interpreted: Factory?, compiled: Factory?
            var interpretedReport = "", compiledReport = ""
            do { interpreted = try Factory(assemblies: assemblies, configuration: configuration(environment, values), registry: registry) }
            catch { (interpreted, interpretedReport) = (nil, "\(error)") }
            do { compiled = try Factory(image: image, configuration: configuration(environment, values), registry: registry) }
            catch { (compiled, compiledReport) = (nil, "\(error)") }
            if compiledReport.contains("[stale-wiring]") { continue }  // a value that decides shape changed: refused by design
            guard compiledReport == interpretedReport else {
                fail("the diagnostics differ:\ninterpreted: \(interpretedReport)\ncompiled: \(compiledReport)")
            }
            guard let interpreted, let compiled else { continue }
            guard interpreted.planShape == compiled.planShape else {
                fail("the plan tables differ:\n\(interpreted.planShape)\n---\n\(compiled.planShape)")
            }
            let (left, right) = (resolutions(interpreted), resolutions(compiled))
            guard left == right else { fail("the values differ:\n\(left)\n---\n\(right)") }
            _ = try? interpreted.shutdown()
            _ = try? compiled.shutdown()
        }
    }
    return 0
}
