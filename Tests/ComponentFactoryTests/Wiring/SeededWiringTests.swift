@_spi(Tooling) @testable import ComponentFactory
import Testing

/// Seeded assemblies of the garage's types, each built by the interpreter and
/// from its compiled wiring (written as text and read back): the same plan
/// table and the same value for every key; and, with a value of the
/// configuration made wrong, the same diagnostics, byte for byte.
@Suite struct SeededWiringTests {
    /// SplitMix64: the same numbers for the same seed, on every machine.
    struct Numbers {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        mutating func chance(_ percent: Int) -> Bool { next(100) < percent }
    }

    /// An assembly and the configuration it was written for; each placeholder's type, for making a value wrong.
    struct Seeded {
        var components = ""
        var values: [String: String] = [:]
        /// Each placeholder key, and a value its type refuses (nil: any text converts).
        var wrong: [(key: String, value: String?)] = []
    }

    static func assembly(seed: UInt64) -> Seeded {
        var numbers = Numbers(state: seed)
        var seeded = Seeded()
        var placeholders = 0
        /// A value: a literal, or a placeholder whose key the configuration sets (some keys secret).
        func value(_ literal: String, wrong: String?) -> String {
            guard numbers.chance(60) else { return literal }
            placeholders += 1
            let key = numbers.chance(15) ? "db.password.\(placeholders)" : "value.\(placeholders)"
            seeded.values[key] = literal
            seeded.wrong.append((key, wrong))
            return numbers.chance(20) ? "${\(key):\(literal)}" : "${\(key)}"
        }
        func scope() -> String { ["singleton", "prototype", "object-graph"][numbers.next(3)] }
        func profile() -> String { [" profile=\"production\"", " profile=\"!production\"", "", "", ""][numbers.next(5)] }
        var engines: [String] = [], drivers: [String] = []
        seeded.components += "<component class=\"EngineFactory\" key=\"factory\" scope=\"singleton\"/>\n"
        for index in 0..<(2 + numbers.next(4)) {
            let key = "engine\(index)"
            switch numbers.next(3) {
            case 0:
                seeded.components += "<component class=\"PetrolEngine\" key=\"\(key)\" scope=\"\(scope())\"><initializer selector=\"initWithHorsepower:\">"
                    + "<argument parameterName=\"horsepower\" value=\"\(value("\(100 + numbers.next(400))", wrong: "fast"))\"/></initializer></component>\n"
            case 1:
                seeded.components += "<component class=\"ElectricEngine\" key=\"\(key)\" scope=\"\(scope())\">"
                    + "<property name=\"horsepower\" value=\"\(value("0x\(String(numbers.next(255), radix: 16))", wrong: "0xZZ"))\"/></component>\n"
            default:
                seeded.components += "<component key=\"\(key)\" factory-component=\"factory\"><initializer selector=\"engineWithHorsepower:\">"
                    + "<argument index=\"0\" value=\"\(value("\(numbers.next(900))", wrong: "99999999999999999999"))\"/></initializer></component>\n"
            }
            engines.append(key)
        }
        for index in 0..<(1 + numbers.next(3)) {
            let key = "driver\(index)"
            seeded.components += "<component class=\"Driver\" key=\"\(key)\" scope=\"\(scope())\"><initializer selector=\"initWithName:\">"
                + "<argument parameterName=\"name\" value=\"\(value("Driver \(index)", wrong: nil))\"/></initializer></component>\n"
            drivers.append(key)
        }
        for index in 0..<(1 + numbers.next(3)) {
            var car = "<component class=\"Car\" key=\"car\(index)\" scope=\"\(scope())\"\(profile())"
                + (numbers.chance(30) ? " depends-on=\"\(drivers[0])\"" : "") + ">"
                + "<initializer selector=\"initWithEngine:\"><argument parameterName=\"engine\" ref=\"\(engines[numbers.next(engines.count)])\"/></initializer>"
                + "<property name=\"name\" value=\"\(value("Car \(index)", wrong: nil))\"/>"
            if numbers.chance(60) {
                car += "<property name=\"passengers\"><collection>" + drivers.map { "<ref>\($0)</ref>" }.joined() + "</collection></property>"
            }
            if numbers.chance(60) {
                car += "<property name=\"tags\"><collection requiredType=\"Set\"><value>fast</value><value>\(value("red", wrong: nil))</value></collection></property>"
            }
            if numbers.chance(60) {
                car += "<property name=\"ratings\"><collection requiredType=\"Dictionary\"><entry key=\"speed\" value=\"\(value("\(numbers.next(10))", wrong: "ten"))\"/>"
                    + "<entry key=\"\(value("comfort", wrong: nil))\" value=\"3\"/></collection></property>"
            }
            car += numbers.chance(50) ? "<property name=\"nickname\"><null/></property>" : "<property name=\"nickname\" value=\"Herbie\"/>"
            if numbers.chance(50) { car += "<property name=\"wheels\" value=\"\(value("\(3 + numbers.next(4))", wrong: "-"))\"/>" }
            seeded.components += car + "</component>\n"
        }
        if numbers.chance(70) {
            seeded.components += "<component class=\"Settings\" key=\"settings\"\(profile())><property name=\"retries\" value=\"\(value("\(numbers.next(9))", wrong: "x"))\"/>"
                + "<property name=\"timeout\" value=\"\(value("\(1 + numbers.next(90))s", wrong: "soon"))\"/></component>\n"
        }
        if numbers.chance(70) {
            seeded.components += "<component class=\"Tank\" key=\"tank\"><property name=\"fuel\" value=\"\(value(["petrol", "diesel", "electric"][numbers.next(3)], wrong: "steam"))\"/>"
                + "<property name=\"litres\" value=\"\(value("\(numbers.next(80)).5", wrong: "full"))\"/></component>\n"
        }
        if numbers.chance(40) { seeded.components += "<alias name=\"\(engines[0])\" alias=\"motor\"/>\n" }
        return seeded
    }

    /// What a component is, as text, for comparing the two paths' values.
    static func shown(_ value: Any) -> String {
        switch value {
        case let car as Car:
            "Car(\(car.engine.horsepower), \(car.name), \(car.passengers.map(\.name)), \(car.tags.sorted()), "
                + "\(car.ratings.sorted { $0.key < $1.key }), \(car.nickname ?? "nil"), \(car.wheels))"
        case let driver as Driver: "Driver(\(driver.name))"
        case let engine as any Engine: "\(type(of: engine))(\(engine.horsepower))"
        case let settings as Settings: "Settings(\(settings.retries), \(settings.timeout))"
        case let tank as Tank: "Tank(\(tank.fuel), \(tank.litres))"
        default: "\(type(of: value))"
        }
    }

    /// Every key's value, or its failure, in plan order.
    static func values(of factory: Factory) -> [String] {
        factory.descriptions.map { description in
            do {
                return "\(description.key) = \(shown(try factory.component(forKey: description.key)))"
            } catch {
                return "\(description.key) ! \(error)"
            }
        }
    }

    @Test func threeHundredSeededAssembliesAgreeKeyByKeyInBothEnvironments() throws {
        var compared = 0, keys = 0
        for seed in UInt64(1)...300 {
            let seeded = Self.assembly(seed: seed)
            let assemblies = AssemblyFixture.assemblies(seeded.components)
            for environment in ["test", "production"] {
                let configuration = AssemblyFixture.configuration(seeded.values, environment: environment)
                let trip = try WiringRoundTrip(assemblies, configuration: configuration, registry: Garage.registry())
                let (interpreted, compiled) = trip.tables
                #expect(interpreted != nil && compiled == interpreted, "seed \(seed), \(environment)")
                let left = Self.values(of: try Factory(assemblies: assemblies, configuration: configuration, registry: Garage.registry()))
                let right = Self.values(of: try Factory(image: trip.image, configuration: configuration, registry: Garage.registry()))
                #expect(left == right, "seed \(seed), \(environment)")
                compared += 1
                keys += left.count
            }
        }
        #expect(compared == 600)
        print("compiled wiring: \(compared) seeded assembly × environment pairs agreed, \(keys) keys")
    }

    @Test func fiftySeededWrongValuesGiveTheSameDiagnosticsByteForByte() throws {
        var compared = 0
        var codes: [DiagnosticCode: Int] = [:]
        var seed: UInt64 = 1000
        while compared < 60 {
            seed += 1
            let seeded = Self.assembly(seed: seed)
            guard !seeded.wrong.isEmpty else { continue }
            let assemblies = AssemblyFixture.assemblies(seeded.components)
            let image = try WiringRoundTrip(assemblies, configuration: AssemblyFixture.configuration(seeded.values),
                                            registry: Garage.registry()).image
            // One value made wrong: a value its type refuses, a key taken away, or a key that names itself.
            var numbers = Numbers(state: seed)
            let (key, refused) = seeded.wrong[numbers.next(seeded.wrong.count)]
            var values = seeded.values
            switch numbers.next(3) {
            case 0 where refused != nil: values[key] = refused
            case 1: values[key] = nil
            default: values[key] = "${\(key)}"
            }
            let configuration = AssemblyFixture.configuration(values)
            let interpreted = Result { () throws(DiagnosticReport) in
                Self.values(of: try Factory(assemblies: assemblies, configuration: configuration, registry: Garage.registry()))
            }
            let compiled = Result { () throws(DiagnosticReport) in
                Self.values(of: try Factory(image: image, configuration: configuration, registry: Garage.registry()))
            }
            switch (interpreted, compiled) {
            case (.success(let left), .success(let right)):
                // The value was one nothing active reads, or a default stood in: both built, alike.
                #expect(left == right, "seed \(seed)")
                continue
            case (.failure(let left), .failure(let right)):
                #expect(right.description == left.description, "seed \(seed)")
                #expect(!right.diagnostics.contains { $0.location?.file.hasSuffix(".swift") == true }, "none in a generated file")
                for diagnostic in right.diagnostics { codes[diagnostic.code, default: 0] += 1 }
            default:
                Issue.record("seed \(seed): one path built and the other did not: \(interpreted) against \(compiled)")
            }
            compared += 1
        }
        #expect(Set(codes.keys).isSuperset(of: [.conversion, .placeholderCycle]))
        print("compiled wiring: \(compared) seeded wrong values gave byte-identical diagnostics: "
              + codes.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", "))
    }
}
