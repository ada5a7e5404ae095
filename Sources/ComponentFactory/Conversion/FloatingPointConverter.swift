/// `Double` and `Float` by Swift's own parse. A finite text that overflows to
/// infinity is an error; `inf` and `nan` written as such are accepted.
///
/// ```swift
/// try FloatingPointConverter<Double>().convert("13.75")  // 13.75
/// try FloatingPointConverter<Float>().convert("1e40")    // throws: out of range
/// ```
struct FloatingPointConverter<Value: BinaryFloatingPoint & LosslessStringConvertible & Sendable>: TypeConverter {
    /// The converter.
    init() {}

    /// The type's name.
    var typeName: String { "\(Value.self)" }

    /// A number in Swift's own syntax, the whole text.
    func convert(_ text: String) throws(ConversionFailure) -> Value {
        guard let value = Value(text) else {
            throw ConversionFailure("not a number")
        }
        let spelledInfinite = text.lowercased().contains("inf") || text.lowercased().contains("nan")
        if !value.isFinite && !spelledInfinite {
            throw ConversionFailure("\(text) is out of range for \(Value.self)")
        }
        return value
    }
}
