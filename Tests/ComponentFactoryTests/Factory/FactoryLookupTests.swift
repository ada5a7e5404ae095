@_spi(Tooling) import ComponentFactory
import Testing

@Suite struct FactoryLookupTests {
    private let two = """
        <component class="ElectricEngine" key="electric"/>
        <component class="PetrolEngine" key="petrol">
            <initializer selector="initWithHorsepower:"><argument parameterName="horsepower" value="120"/></initializer>
        </component>
        <component class="Driver" key="driver"/>
        """

    @Test func findsTheOneComponentOfAConcreteTypeOrProtocol() throws {
        let factory = try AssemblyFixture.factory(two, registry: Garage.registry())
        #expect(try factory.component(ofType: PetrolEngine.self).horsepower == 120)
        #expect(try factory.component(ofType: Driver.self).name == "")
        #expect(try factory.components(ofType: (any Engine).self).count == 2)
    }

    @Test func moreThanOneMatchIsAmbiguousAndListsTheCandidates() throws {
        let factory = try AssemblyFixture.factory(two, registry: Garage.registry())
        let error = try #require((thrownError { _ = try factory.component(ofType: (any Engine).self) } as? DiagnosticReport)?.diagnostics.first)
        #expect(error.code == .ambiguousType)
        #expect(error.message.contains("'electric'") && error.message.contains("'petrol'"))
        #expect(error.notes.map(\.location?.line) == [2, 3])
    }

    @Test func noMatchIsAnErrorToo() throws {
        let factory = try AssemblyFixture.factory(two, registry: Garage.registry())
        let error = try #require((thrownError { _ = try factory.component(ofType: Car.self) } as? DiagnosticReport)?.diagnostics.first)
        #expect(error.code == .noComponentForType)
    }

    @Test func anUnknownKeySuggestsTheNearestOne() throws {
        let factory = try AssemblyFixture.factory(two, registry: Garage.registry())
        let error = try #require((thrownError { _ = try factory.component(forKey: "drivr") } as? DiagnosticReport)?.diagnostics.first)
        #expect(error.code == .unknownReference)
        #expect(error.message.contains("did you mean 'driver'?"))
    }

    @Test func aKeyIsFoundByStringEqualityEvenWhenItsBytesDiffer() throws {
        // Defined precomposed (U+00E9), asked for decomposed (e + U+0301): equal as Swift strings.
        let factory = try AssemblyFixture.factory("<component class=\"Driver\" key=\"caf\u{E9}\"/>", registry: Garage.registry())
        #expect(try factory.component(forKey: "cafe\u{301}", as: Driver.self).name == "")
        #expect(try factory.component(forKey: "caf\u{E9}", as: Driver.self).name == "")
    }

    @Test func everyKeyOfALargeAssemblyIsFoundAndNearMissesAreNot() throws {
        let keys = (0..<2_000).map { "driver.\($0)" } + ["", "a", "exactly8", "sixteen-bytes-16", "a key longer than sixteen bytes, with spaces"]
        let factory = try AssemblyFixture.factory(keys.enumerated().map { "<component class=\"Driver\" key=\"\($1)\"/>" }.joined(separator: "\n"),
                                                  registry: Garage.registry())
        for key in keys {
            #expect((try? factory.component(forKey: key, as: Driver.self)) != nil, "\(key)")
        }
        for missing in ["driver.2000", "driver.", "exactly9", "sixteen-bytes-17", "A", " "] {
            let error = try #require((thrownError { _ = try factory.component(forKey: missing) } as? DiagnosticReport)?.diagnostics.first)
            #expect(error.code == .unknownReference, "\(missing)")
        }
    }

    @Test func keysOfEveryLengthFindTheirOwnComponentAndADifferenceInAnyOneByteMisses() throws {
        // Lengths 1 to 40 cover a key read in 0 to 5 whole words plus a tail of 0 to 7 bytes.
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCD")
        let keys = (1...alphabet.count).map { String(alphabet.prefix($0)) }
        let factory = try AssemblyFixture.factory(
            keys.map { "<component class=\"Driver\" key=\"\($0)\"><initializer selector=\"initWithName:\">"
                + "<argument parameterName=\"name\" value=\"\($0)\"/></initializer></component>" }.joined(separator: "\n"),
            registry: Garage.registry())
        for key in keys {
            #expect(try factory.component(forKey: key, as: Driver.self).name == key)
            // The first byte, and each of the last 8: the whole-word reads and every tail read.
            for position in key.indices where position == key.startIndex || key.distance(from: position, to: key.endIndex) <= 8 {
                var nearMiss = key
                nearMiss.replaceSubrange(position...position, with: "_")
                #expect(throws: DiagnosticReport.self, "\(nearMiss)") { try factory.component(forKey: nearMiss) }
            }
        }
    }

    @Test func askingForTheWrongTypeIsATypeMismatch() throws {
        let factory = try AssemblyFixture.factory(two, registry: Garage.registry())
        let error = try #require((thrownError { _ = try factory.component(forKey: "driver", as: Car.self) } as? DiagnosticReport)?.diagnostics.first)
        #expect(error.code == .typeMismatch)
    }

    @Test func aSuperclassFindsItsSubclassesWithoutDeclaringThem() throws {
        let factory = try AssemblyFixture.factory("""
            <component class="ElectricEngine" key="engine"/>
            <component class="Car" key="car">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
            </component>
            """, registry: Garage.registry())
        #expect(try factory.component(ofType: Vehicle.self) is Car)
    }
}
