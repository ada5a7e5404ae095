/// Any text, as it is.
struct StringConverter: TypeConverter {
    /// The converter.
    init() {}

    /// "String".
    var typeName: String { "String" }

    /// The text itself.
    func convert(_ text: String) throws(ConversionFailure) -> String {
        text
    }
}
