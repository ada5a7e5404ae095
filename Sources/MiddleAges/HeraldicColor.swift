/// A colour on a shield: a heraldic tincture or `#RRGGBB`.
public struct HeraldicColor: Hashable, Sendable, CustomStringConvertible {
    /// The red part, 0 to 255.
    public let red: UInt8
    /// The green part, 0 to 255.
    public let green: UInt8
    /// The blue part, 0 to 255.
    public let blue: UInt8

    /// A colour of these parts.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public var description: String {
        "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
    }
}
