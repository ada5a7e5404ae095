import ComponentFactory
import ComponentFactoryMacros

/// A custom type converter that an assembly declares as a component, as
/// Typhoon allowed: `<component class="HeraldicColorConverter"/>`. The
/// factory builds it at load and converts `HeraldicColor` values with it.
///
/// It takes a tincture name (`azure`, `gules`, `or`, `argent`, `sable`,
/// `vert`, `purpure`) or `#RRGGBB`.
@Component
public struct HeraldicColorConverter: TypeConverter {
    static let tinctures: [String: HeraldicColor] = [
        "azure": HeraldicColor(red: 0x00, green: 0x47, blue: 0xAB),
        "gules": HeraldicColor(red: 0xE2, green: 0x1B, blue: 0x1B),
        "or": HeraldicColor(red: 0xFC, green: 0xDD, blue: 0x09),
        "argent": HeraldicColor(red: 0xF0, green: 0xF0, blue: 0xF0),
        "sable": HeraldicColor(red: 0x00, green: 0x00, blue: 0x00),
        "vert": HeraldicColor(red: 0x00, green: 0x80, blue: 0x00),
        "purpure": HeraldicColor(red: 0x80, green: 0x00, blue: 0x80),
    ]

    /// The converter.
    public init() {}

    /// "HeraldicColor".
    public var typeName: String { "HeraldicColor" }

    /// A tincture's name (azure, gules, or, …), in any case, or `#RRGGBB`.
    public func convert(_ text: String) throws(ConversionFailure) -> HeraldicColor {
        if let tincture = Self.tinctures[text.lowercased()] { return tincture }
        let digits = text.utf8.dropFirst()
        guard text.hasPrefix("#"), digits.count == 6, let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16) else {
            throw ConversionFailure("expected a tincture (" + Self.tinctures.keys.sorted().joined(separator: ", ") + ") or #RRGGBB")
        }
        return HeraldicColor(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    }
}
