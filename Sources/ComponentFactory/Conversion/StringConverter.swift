/// Any text, as it is.
public struct StringConverter: TypeConverter {
    /// The converter.
    public init() {}

    /// "String".
    public var typeName: String { "String" }

    /// The text itself.
    public func convert(_ text: String) throws(ConversionFailure) -> String {
        text
    }
}
