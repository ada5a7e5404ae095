import ComponentFactoryMacros
/// A knight, as in Typhoon's MiddleAges example: injected through its
/// initializers and its properties. Knights are equal only to themselves.
@Component
public class Knight: Hashable, CustomStringConvertible {
    public var quest: (any Quest)?
    public var damselsRescued: UInt
    public var hasHorseWillTravel: Bool = false
    public var favoriteDamsels: [String] = []
    public var friends: Set<Knight> = []
    public var shieldColor: HeraldicColor?

    @Selector("init", "initWithQuest:")
    public init(quest: (any Quest)? = nil, damselsRescued: UInt = 0) {
        self.quest = quest
        self.damselsRescued = damselsRescued
    }

    public convenience init(quest: any Quest, favoriteDamsels: [String]) {
        self.init(quest: quest)
        self.favoriteDamsels = favoriteDamsels
    }

    public static func == (lhs: Knight, rhs: Knight) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String {
        var parts = ["quest: \(quest.map { "\($0)" } ?? "nil")", "damselsRescued: \(damselsRescued)",
                     "hasHorseWillTravel: \(hasHorseWillTravel)"]
        if !favoriteDamsels.isEmpty { parts.append("favoriteDamsels: \(favoriteDamsels)") }
        if !friends.isEmpty { parts.append("friends: \(friends.count)") }
        if let shieldColor { parts.append("shieldColor: \(shieldColor)") }
        return "\(type(of: self))(" + parts.joined(separator: ", ") + ")"
    }
}

/// A knight on horseback, with a hit ratio.
@Component
public final class CavalryMan: Knight {
    public var hitRatio: Float

    public init(quest: any Quest, hitRatio: Float) {
        self.hitRatio = hitRatio
        super.init(quest: quest)
    }

    public override var description: String {
        super.description.dropLast() + ", hitRatio: \(hitRatio))"
    }
}
