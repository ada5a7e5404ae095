/// An enum by its raw value; a text that is none of them lists the valid ones.
///
/// ```swift
/// enum Weapon: String, CaseIterable { case sword, lance }
/// try RawValueConverter<Weapon>(rawValue: StringConverter()).convert("lance")  // .lance
/// ```
struct RawValueConverter<Value: RawRepresentable & CaseIterable & Sendable>: TypeConverter
where Value.RawValue: Sendable {
    private let rawValue: any TypeConverter<Value.RawValue>

    /// Converts the text to the raw value with `converter` first.
    init(rawValue converter: any TypeConverter<Value.RawValue>) {
        self.rawValue = converter
    }

    /// The enum's name.
    var typeName: String { "\(Value.self)" }

    /// The case whose raw value is `text`; the error lists the valid ones.
    func convert(_ text: String) throws(ConversionFailure) -> Value {
        let valid = Value.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        guard let raw = try? rawValue.convert(text), let value = Value(rawValue: raw) else {
            throw ConversionFailure("not one of \(valid)")
        }
        return value
    }
}
