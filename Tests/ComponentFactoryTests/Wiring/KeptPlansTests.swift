@_spi(Tooling) @testable import ComponentFactory
import Testing

/// A reload on compiled wiring builds the image again for the values read
/// anew, keeping each plan whose value sites all resolve as they did: the
/// table it makes is the one a build from nothing makes.
@Suite struct KeptPlansTests {
    /// Another valid value for each key of the fixture's properties.
    static let otherValues = ["v8.horsepower": "451", "quiet.horsepower": "33", "surname": "Jones", "colour": "blue",
                              "rating.key": "grip", "rating.value": "8", "timeout": "2s"]

    /// The fixture's image, written and read back as a generated file is.
    private static func image() throws -> WiringImage {
        let trip = try WiringRoundTrip(AssemblyFixture.assemblies(CompiledWiringTests.everyShape),
                                       configuration: AssemblyFixture.configuration(CompiledWiringTests.properties), registry: Garage.registry())
        return try WiringReader.image(of: "test", entry: trip.text.entry, documents: trip.text.documents.map(\.text))
    }

    /// The build of `image` for `properties`; after a previous build, for the properties it had, keeping what it can of it.
    private static func build(_ image: WiringImage, _ properties: [String: String],
                              after previous: (build: WiringBuild, properties: [String: String])? = nil) -> WiringBuild {
        let changed = previous.map { previous in
            Set(Set(properties.keys).union(previous.properties.keys).filter { properties[$0] != previous.properties[$0] })
        }
        return WiringBuild(image: image, configuration: AssemblyFixture.configuration(properties), registry: Garage.registry(),
                           previous: previous?.build.previous, changedKeys: changed)
    }

    /// The fixture built for `properties`, then for them with `edits` (a nil
    /// value takes the key out) keeping what it can of the first build, and
    /// built for the edited ones from nothing.
    private static func edited(_ edits: [String: String?], from properties: [String: String] = CompiledWiringTests.properties) throws
        -> (first: WiringBuild, again: WiringBuild, fresh: WiringBuild) {
        let image = try image()
        var edited = properties
        for (key, value) in edits { edited[key] = value }
        let first = build(image, properties)
        return (first, build(image, edited, after: (first, properties)), build(image, edited))
    }

    @Test func onlyThePlanWhoseSiteResolvesDifferentlyIsMadeAgain() throws {
        let (first, again, _) = try Self.edited(["v8.horsepower": "500"])
        let (before, after) = (try #require(first.blueprint).table, try #require(again.blueprint).table)
        let v8 = try #require(after.keys.byKey["v8"])
        #expect(again.candidates == [v8])
        for plan in after.plans {
            #expect((plan === before.plans[plan.index]) == (plan.index != v8), "\(plan.key)")
        }
        let factory = Factory(blueprint: try #require(again.blueprint), parent: nil)
        #expect(try factory.component(forKey: "car", as: Car.self).engine.horsepower == 500)
        #expect(first.candidates == nil, "with no build before it, every plan may have changed")
    }

    @Test(arguments: otherValues.keys.sorted())
    func eachEditedValueGivesTheTableABuildFromNothingGives(key: String) throws {
        let (first, again, fresh) = try Self.edited([key: Self.otherValues[key]])
        #expect(again.diagnostics.isEmpty)
        #expect(PlanTableShape.describe(try #require(again.blueprint).table) == PlanTableShape.describe(try #require(fresh.blueprint).table))
        #expect(again.candidates?.count == 1, "each key is read by one component's sites")
        #expect(Set(again.keysRead) == Set(fresh.keysRead))
        #expect(PlanTableShape.describe(try #require(again.blueprint).table) != PlanTableShape.describe(try #require(first.blueprint).table))
    }

    @Test func aValueChangedThroughAnotherValuesPlaceholderRemakesThePlanThatReadsIt() throws {
        var properties = CompiledWiringTests.properties
        (properties["surname"], properties["family"]) = ("${family}", "Smith")
        let again = try Self.edited(["family": "Jones"], from: properties).again
        let blueprint = try #require(again.blueprint)
        let alice = try #require(blueprint.table.keys.byKey["alice"])
        #expect(again.candidates == [alice])
        let factory = Factory(blueprint: blueprint, parent: nil)
        #expect(try factory.component(forKey: "alice", as: Driver.self).name == "Alice Jones")
    }

    @Test func aSiteThatIsOneKeyWhoseValueNamesAnotherIsResolvedAgainWhenOnlyTheOtherChanges() throws {
        var properties = CompiledWiringTests.properties
        (properties["colour"], properties["paint"]) = ("${paint}", "red")
        let again = try Self.edited(["paint": "blue"], from: properties).again
        let blueprint = try #require(again.blueprint)
        #expect(again.candidates == [try #require(blueprint.table.keys.byKey["car"])])
        #expect(try Factory(blueprint: blueprint, parent: nil).component(forKey: "car", as: Car.self).tags == ["fast", "blue"])
    }

    @Test func aValueThatNoLongerResolvesGivesTheDiagnosticsOfABuildFromNothing() throws {
        let (_, again, fresh) = try Self.edited(["surname": nil, "rating.value": "many"])
        #expect(again.blueprint == nil)
        #expect(again.diagnostics.count == 2)
        #expect(again.diagnostics.map(\.description) == fresh.diagnostics.map(\.description))
    }

    @Test func aBuildKeptFromOneThatKeptPlansKeepsThemToo() throws {
        let image = try Self.image()
        var properties = CompiledWiringTests.properties
        var build = Self.build(image, properties)
        for horsepower in ["500", "501", "502"] {
            let before = properties
            properties["v8.horsepower"] = horsepower
            build = Self.build(image, properties, after: (build, before))
            #expect(build.candidates?.count == 1)
            let factory = Factory(blueprint: try #require(build.blueprint), parent: nil)
            #expect(try factory.component(forKey: "car", as: Car.self).engine.horsepower == Int(horsepower))
        }
    }
}
