@_spi(Tooling) import ComponentFactory
import Testing

/// The circular-dependency half of Typhoon 1.8's `TyphoonSharedComponentFactoryTests`.
@Suite struct TyphoonCircularDependencyTests {
    private func circular() throws -> Factory { try TyphoonFixture.factory("CircularDependencies.xml") }

    @Test func resolvesCircularDependenciesForPropertyInjectedByReference() throws {
        let factory = try circular()
        let classA = try factory.component(forKey: "classA", as: ClassADependsOnB.self)
        #expect(classA.dependencyOnB?.dependencyOnA === classA)
        let classB = try factory.component(forKey: "classB", as: ClassBDependsOnA.self)
        #expect(classB.dependencyOnA?.dependencyOnB === classB)
    }

    @Test func resolvesCircularDependenciesForPropertyInjectedByType() throws {
        let factory = try circular()
        let classA = try factory.component(ofType: ClassADependsOnB.self)
        #expect(classA.dependencyOnB?.dependencyOnA === classA)
        let classB = try factory.component(ofType: ClassBDependsOnA.self)
        #expect(classB.dependencyOnA?.dependencyOnB === classB)
    }

    @Test func resolvesTwoCircularDependenciesForPropertyInjectedByReference() throws {
        let factory = try circular()
        let classC = try factory.component(forKey: "classC", as: ClassCDependsOnDAndE.self)
        #expect(classC.dependencyOnD?.dependencyOnC === classC)
        #expect(classC.dependencyOnE?.dependencyOnC === classC)
        let classD = try factory.component(forKey: "classD", as: ClassDDependsOnC.self)
        #expect(classD.dependencyOnC?.dependencyOnD === classD)
    }

    @Test(arguments: ["SingletonsChain.xml", "SingletonsChainByType.xml"])
    func resolvesChainsOfCircularDependenciesOfSingletons(_ fixture: String) throws {
        let factory = try TyphoonFixture.factory(fixture)
        let singletonA = try factory.component(ofType: SingletonA.self)
        let singletonB = try factory.component(ofType: SingletonB.self)
        let notSingletonA = try factory.component(ofType: NotSingletonA.self)
        #expect(singletonA.dependencyOnB === singletonB)
        #expect(singletonB.dependencyOnNotSingletonA?.dependencyOnA === singletonA)
        #expect(notSingletonA.dependencyOnA === singletonA)
    }

    @Test func initializerInjectedComponentIsCorrectlyResolvedInCircularDependency() throws {
        let factory = try circular()
        let initializerInjected = try factory.component(ofType: PrototypeInitInjected.self)
        let propertyInjected = try factory.component(ofType: PrototypePropertyInjected.self)
        #expect(initializerInjected.prototypePropertyInjected !== propertyInjected)
        #expect(propertyInjected.prototypeInitInjected !== initializerInjected)
        // And the cycle closes: the property was set once the initializer returned.
        #expect(initializerInjected.prototypePropertyInjected.prototypeInitInjected === initializerInjected)
    }

    @Test func currentlyResolvingReferencesAreNotOverwrittenByTwoPrototypesInOneChain() throws {
        let singletonA = try circular().component(ofType: CROSingletonA.self)
        #expect(singletonA.prototypeA != nil)
        #expect(singletonA.prototypeB?.singletonA === singletonA)
    }

    /// Typhoon threw `CircularInitializerDependence` on first use; we refuse to load and say where.
    @Test func aCycleThroughInitializersIsAnErrorAtLoadWithItsPath() throws {
        let diagnostics = try TyphoonFixture.diagnostics("InitializerCycle.xml")
        #expect(diagnostics.map(\.code) == [.initializerCycle])
        #expect(diagnostics.first?.message.contains("incorrectPrototypeA → incorrectPrototypeB → incorrectPrototypeA") == true)
        #expect(diagnostics.first?.location?.line == 3)
        #expect(throws: DiagnosticReport.self) { try TyphoonFixture.factory("InitializerCycle.xml") }
    }
}
