import ComponentFactory

public final class Quest: Sendable {
    public let name: String
    public init(name: String) { self.name = name }
}

public final class Knight: Sendable {
    public let quest: Quest
    public init(quest: Quest) { self.quest = quest }
}

public final class Squire: Sendable {
    public init() {}
}

public enum Knights {
    public static func registry() -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(Quest.self) { $0.initializer("initWithName:") { (name: String) in Quest(name: name) } }
        registry.register(Knight.self) { $0.initializer("initWithQuest:") { (quest: Quest) in Knight(quest: quest) } }
        registry.register(Squire.self) { $0.initializer("init") { Squire() } }
        return registry
    }

    /// The knight's quest, through the typed keys the plugin generates.
    public static func questName(in factory: Factory) throws -> String {
        let keys = try factory.knightsKeys()
        _ = try keys.squire()
        return try keys.knight().quest.name
    }
}
