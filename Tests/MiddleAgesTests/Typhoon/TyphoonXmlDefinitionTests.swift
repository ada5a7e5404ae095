@_spi(Tooling) import ComponentFactory
import Testing

/// Typhoon 1.8's `RXMLElement+XmlComponentFactory_AsComponentDefinitionTests`.
@Suite struct TyphoonXmlDefinitionTests {
    @Test func readsEveryComponentDefinition() {
        let loaded = TyphoonFixture.assemblies("MiddleAges.xml")
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.assemblies.components.count == 10)
    }

    /// Typhoon: "Class 'AClassThatDoesNotExist' can't be resolved." Ours says where, with the code.
    @Test func anUnknownClassIsAnErrorWithItsLine() throws {
        let diagnostics = try TyphoonFixture.diagnostics("InvalidClassName.xml")
        #expect(diagnostics.map(\.code) == [.unknownClass])
        #expect(diagnostics.first?.message.contains("'AClassThatDoesNotExist'") == true)
        #expect(diagnostics.first?.location?.line == 2)
    }

    @Test func lazyInitAppliesToSingletonsAndAcceptsTrueAndYesInAnyCase() throws {
        let factory = try TyphoonFixture.factory("LazyInit.xml")
        let lazy = Dictionary(uniqueKeysWithValues: factory.descriptions.map { ($0.key, $0.isLazy) })
        #expect(lazy == ["singletonLazyTrue": true, "singletonLazyYES": true, "singletonLazyFalse": false,
                         "singletonWithoutLazy": false, "objectGraph": false])
    }

    /// Changed on purpose: Typhoon read `lazy-init="Wr0ngValue"` as false; we reject it.
    @Test func aWrongLazyInitValueIsAnError() throws {
        let assemblies = AssemblySet(documents: [AssemblyReader.read(bytes: Array("""
            <assembly><component class="Knight" key="k" scope="singleton" lazy-init="Wr0ngValue"/></assembly>
            """.utf8), file: "wrong-lazy.xml").document])
        let diagnostics = EnvironmentBuild(assemblies: assemblies, configuration: Configuration(environment: nil, sources: []),
                                                registry: try TyphoonRegistry.make()).diagnostics
        #expect(diagnostics.map(\.code) == [.invalidAttributeValue])
    }

    @Test func theDefaultScopeIsObjectGraph() throws {
        let factory = try TyphoonFixture.factory("LazyInit.xml")
        #expect(factory.descriptions.first { $0.key == "objectGraph" }?.scope == .objectGraph)
    }

    @Test func aChildNamesItsParent() {
        let document = AssemblyReader.read(bytes: Array("""
            <assembly><component class="Knight" key="parent"/><component key="child" parent="parent"/></assembly>
            """.utf8), file: "parent.xml").document
        #expect(document.components.first { $0.key == "child" }?.parent?.text == "parent")
        #expect(document.components.first { $0.key == "parent" }?.parent == nil)
    }
}
