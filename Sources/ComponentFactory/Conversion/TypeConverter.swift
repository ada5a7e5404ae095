/// Turns assembly text into a typed value, strictly: the whole text must
/// parse, and a value out of range is an error, never a clamp or a default.
///
/// Conform to add a type of your own, then register the converter with the
/// factory's ``TypeConverters``; there is no process-wide registry. A
/// converted value is `Sendable`: one constant serves every lookup, on
/// every thread.
///
/// ```swift
/// struct TemperatureConverter: TypeConverter {
///     var typeName: String { "Temperature" }
///     func convert(_ text: String) throws(ConversionFailure) -> Temperature {
///         guard text.hasSuffix("°C"), let degrees = Double(text.dropLast(2)) else {
///             throw ConversionFailure("expected degrees Celsius, such as 21.5°C")
///         }
///         return Temperature(celsius: degrees)
///     }
/// }
/// ```
public protocol TypeConverter<Value>: Sendable {
    /// The type the text becomes.
    associatedtype Value: Sendable
    /// The type's name in messages and in `requiredType=` hints.
    var typeName: String { get }
    /// The value that the whole of `text` stands for, or a failure that says why not.
    func convert(_ text: String) throws(ConversionFailure) -> Value
}

extension TypeConverter {
    /// Converts through an existential converter: for a type known only at
    /// run time, such as a `requiredType=` hint's or a parameter's.
    func convertToAny(_ text: String) throws(ConversionFailure) -> any Sendable {
        try convert(text)
    }
}
