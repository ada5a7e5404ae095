/// Any text, as it is.
public struct StringConverter: TypeConverter {
    public init() {}

    public var typeName: String { "String" }

    public func convert(_ text: String) throws(ConversionFailure) -> String {
        text
    }
}
