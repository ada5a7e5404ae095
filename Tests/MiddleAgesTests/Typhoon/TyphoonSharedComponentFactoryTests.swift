@_spi(Tooling) import ComponentFactory
import Foundation
import MiddleAges
import Testing

/// Typhoon 1.8's `TyphoonSharedComponentFactoryTests` and
/// `TyphoonXmlComponentFactoryTests`, against our factory. Each test loads
/// its own factory from its own fixture, as Typhoon's `setUp` did.
@Suite struct TyphoonSharedComponentFactoryTests {
    private func middleAges() throws -> Factory { try TyphoonFixture.factory("MiddleAges.xml") }

    @Test func injectsPropertiesByReferenceAndByValue() throws {
        let knight = try middleAges().component(forKey: "knight", as: Knight.self)
        #expect(knight.quest?.questName == "Campaign Quest")
        #expect(knight.damselsRescued == 12)
    }

    @Test func mixedInitializerAndPropertyInjection() throws {
        let factory = try middleAges()
        for key in ["anotherKnight", "yetAnotherKnight"] {
            let cavalryMan = try factory.component(forKey: key, as: CavalryMan.self)
            #expect(cavalryMan.quest != nil)
            #expect(cavalryMan.hasHorseWillTravel)
            #expect(cavalryMan.hitRatio == 13.75)
        }
    }

    @Test func injectsTypeConvertedArrayCollection() throws {
        #expect(try middleAges().component(forKey: "knightWithCollections", as: Knight.self).favoriteDamsels == ["mary", "jane"])
    }

    @Test func injectsCollectionOfReferencedComponentsIntoSet() throws {
        let factory = try middleAges()
        let friends = try factory.component(forKey: "knightWithCollections", as: Knight.self).friends
        #expect(friends.count == 2)
        #expect(friends.contains(try factory.component(forKey: "anotherKnight", as: CavalryMan.self)), "a singleton")
    }

    @Test func classMethodInjection() throws {
        #expect(try middleAges().component(forKey: "serviceUrl", as: URL.self).absoluteString == "http://dev.foobar.com/service/")
    }

    /// Changed on purpose: Typhoon raised because Objective-C selectors carry no argument
    /// types. Our registry declares them, so the hint is not needed and the URL builds.
    @Test func classMethodInjectionNeedsNoRequiredClass() throws {
        #expect(try TyphoonFixture.diagnostics("RequiredClassNotSet.xml").isEmpty)
        let url = try TyphoonFixture.factory("RequiredClassNotSet.xml").component(forKey: "anotherServiceUrl", as: URL.self)
        #expect(url.host == "dev.foobar.com")
    }

    @Test func returnsComponentFromFactoryComponent() throws {
        let sword = try middleAges().component(forKey: "blueSword", as: Sword.self)
        #expect(sword.description == "A bright blue sword with orange pom-poms at the hilt.")
    }

    @Test func injectsCollectionInInitializer() throws {
        let knight = try middleAges().component(forKey: "knightWithCollectionInConstructor", as: Knight.self)
        #expect(knight.favoriteDamsels == ["Mary", "Jane"])
    }

    @Test func injectsInitializerByValue() throws {
        let quest = try middleAges().component(forKey: "anotherQuest", as: (any Quest).self)
        #expect(quest.imageURL?.absoluteString == "http://www.foobar.com")
    }

    @Test func callbacksRunBeforeAndAfterPropertyInjection() throws {
        let quest = try middleAges().component(forKey: "quest", as: CampaignQuest.self)
        #expect(quest.lifecycle == ["before(imageURL: nil)", "after(imageURL: http://www.appsquick.ly/theQuest.jpg)"])
    }

    @Test func resolvesPropertyValues() throws {
        let factory = try TyphoonFixture.factory("Placeholders.xml")
        #expect(try factory.component(forKey: "knight", as: Knight.self).damselsRescued == 12)
        #expect(try factory.component(forKey: "anotherKnight", as: CavalryMan.self).hasHorseWillTravel == false)
    }

    @Test func resolvesPropertyValuesFromMultipleFiles() throws {
        let knight = try TyphoonFixture.factory("Placeholders.xml").component(forKey: "knight", as: Knight.self)
        #expect(knight.hasHorseWillTravel)
        #expect(knight.damselsRescued == 12)
    }

    @Test func postProcessorComponentRecognized() throws {
        let factory = try TyphoonFixture.factory("Placeholders.xml")
        let counter = try factory.component(forKey: "knightCounter", as: KnightCounter.self)
        _ = try factory.component(forKey: "knight")
        _ = try factory.component(forKey: "anotherKnight")
        #expect(counter.knights == 2)
    }

    @Test func typeConverterRecognized() throws {
        let knight = try TyphoonFixture.factory("Placeholders.xml").component(forKey: "knight", as: Knight.self)
        #expect(knight.shieldColor == HeraldicColor(red: 0xE2, green: 0x1B, blue: 0x1B))
    }

    @Test func eachFactoryKeepsItsOwnConverters() throws {
        // Typhoon's tearDown had to unregister the assembly's converter from a shared
        // registry (its issue #407). Here a second factory without it cannot convert.
        let registry = try TyphoonRegistry.make()
        _ = try TyphoonFixture.factory("Placeholders.xml", registry: registry)
        let diagnostics = EnvironmentBuild(
            assemblies: TyphoonFixture.assemblies("MiddleAges.xml").assemblies,
            configuration: Configuration(environment: nil, sources: []), registry: registry).diagnostics
        #expect(diagnostics.isEmpty)
        #expect(registry.converters.converter(for: HeraldicColor.self) == nil)
    }
}
