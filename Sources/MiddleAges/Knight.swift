import ComponentFactoryMacros
/// A knight, as in Typhoon's MiddleAges example: injected through its
/// initializers and its properties. Knights are equal only to themselves.
@Component
public class Knight: Hashable, CustomStringConvertible {
    /// The knight's quest.
    public var quest: (any Quest)?
    /// How many damsels the knight has rescued.
    public var damselsRescued: UInt
    /// Whether the knight has a horse and will travel.
    public var hasHorseWillTravel: Bool = false
    /// The damsels the knight favours.
    public var favoriteDamsels: [String] = []
    /// The knight's friends.
    public var friends: Set<Knight> = []
    /// The colour of the knight's shield.
    public var shieldColor: HeraldicColor?

    /// A knight, perhaps on a quest; `@Selector` also registers it as `init` and `initWithQuest:`.
    @Selector("init", "initWithQuest:")
    public init(quest: (any Quest)? = nil, damselsRescued: UInt = 0) {
        self.quest = quest
        self.damselsRescued = damselsRescued
    }

    /// A knight on `quest` who favours `favoriteDamsels`.
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
    /// How often the cavalry man hits, from 0 to 1.
    public var hitRatio: Float

    /// A cavalry man on `quest`.
    public init(quest: any Quest, hitRatio: Float) {
        self.hitRatio = hitRatio
        super.init(quest: quest)
    }

    public override var description: String {
        super.description.dropLast() + ", hitRatio: \(hitRatio))"
    }
}
