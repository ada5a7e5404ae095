import ComponentFactory
import Foundation

/// The registry of the MiddleAges example: every type its assemblies name,
/// including Typhoon 1.8's own `MiddleAgesAssembly.xml` (which says `NSURL`).
/// `CavalryMan` inherits `Knight`'s properties; `Sword`, which only
/// `SwordFactory` makes, needs no registration of its own.
///
/// ```swift
/// let factory = try Factory.load(assemblies: ["Assemblies/MiddleAges.xml"], config: "Config", environment: "test",
///                                registry: try MiddleAgesRegistry.make())
/// ```
public enum MiddleAgesRegistry {
    /// A registry of the example's types; throws only if a subclass's superclass were not registered first.
    public static func make() throws(DiagnosticReport) -> ComponentRegistry {
        var registry = ComponentRegistry()
        // Knight, CampaignQuest, CavalryMan, SwordFactory and HeraldicColorConverter are @Component:
        // what is written here is what their declarations cannot say.
        registry.register(CampaignQuest.self) { quest in
            quest.property("imageUrl", \.imageURL)  // the name Typhoon's assembly uses
        }
        registry.register(Knight.self)
        try registry.register(CavalryMan.Registration.self, inheriting: Knight.self) { cavalryMan in
            // No default for hitRatio, so this selector is not one of the initializer's own.
            cavalryMan.initializer("initWithQuest:") { (quest: any Quest) in CavalryMan(quest: quest, hitRatio: 0) }
        }
        registry.register(SwordFactory.self) { factory in
            factory.factoryMethod("swordWithSpecification:") { (factory: SwordFactory, specification: String) in
                factory.sword(specification: specification)
            }
        }
        for name in ["URL", "NSURL"] {
            registry.register(URL.self, name: name) { url in
                url.classMethod("URLWithString:") { (string: String) throws in
                    guard let url = URL(string: string) else { throw ConversionFailure("'\(string)' is not a URL") }
                    return url
                }
            }
        }
        registry.register(HeraldicColorConverter.self)
        return registry
    }
}
