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
    public static func make() throws -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(CampaignQuest.self, conformsTo: [(any Quest).self]) { quest in
            quest.initializer { CampaignQuest() }
            quest.initializer("initWithImageUrl:") { (imageURL: URL) in CampaignQuest(imageURL: imageURL) }
            quest.property("imageUrl", \.imageURL)
            quest.callback("questBeforePropertyInjection") { $0.questBeforePropertyInjection() }
            quest.callback("questAfterPropertyInjection") { $0.questAfterPropertyInjection() }
        }
        registry.register(Knight.self) { knight in
            knight.initializer { Knight() }
            knight.initializer("initWithQuest:") { (quest: any Quest) in Knight(quest: quest) }
            knight.initializer("initWithQuest:damselsRescued:") { (quest: any Quest, damsels: UInt) in
                Knight(quest: quest, damselsRescued: damsels)
            }
            knight.initializer("initWithQuest:favoriteDamsels:") { (quest: any Quest, damsels: [String]) in
                Knight(quest: quest, favoriteDamsels: damsels)
            }
            knight.property("quest", \.quest)
            knight.property("damselsRescued", \.damselsRescued)
            knight.property("hasHorseWillTravel", \.hasHorseWillTravel)
            knight.property("favoriteDamsels", \.favoriteDamsels)
            knight.property("friends", \.friends)
            knight.property("shieldColor", \.shieldColor)
        }
        try registry.register(CavalryMan.self, inheriting: Knight.self) { cavalryMan in
            cavalryMan.initializer("initWithQuest:") { (quest: any Quest) in CavalryMan(quest: quest, hitRatio: 0) }
            cavalryMan.initializer("initWithQuest:hitRatio:") { (quest: any Quest, hitRatio: Float) in
                CavalryMan(quest: quest, hitRatio: hitRatio)
            }
            cavalryMan.property("hitRatio", \.hitRatio)
        }
        registry.register(SwordFactory.self) { factory in
            factory.initializer { SwordFactory() }
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
        registry.register(HeraldicColorConverter.self) { converter in
            converter.initializer { HeraldicColorConverter() }
        }
        return registry
    }
}
