import ComponentFactoryMacros
/// A sword, made only by a ``SwordFactory``.
public struct Sword: CustomStringConvertible, Sendable {
    public let description: String
}

/// A factory component: `<component factory-component="swordFactory">` with
/// `<initializer selector="swordWithSpecification:">` asks it for a sword.
@Component
public final class SwordFactory: Sendable {
    /// The factory.
    public init() {}

    /// A sword to `specification`: "blue" makes a blue one, anything else a rusty one.
    public func sword(specification: String) -> Sword {
        specification == "blue"
            ? Sword(description: "A bright blue sword with orange pom-poms at the hilt.")
            : Sword(description: "Yer typical run-o-the-mill rusty sword.")
    }
}
