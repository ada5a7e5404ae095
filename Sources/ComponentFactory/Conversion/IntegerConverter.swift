/// Every fixed-width integer: decimal with an optional sign, or `0x` hex.
/// Text that is a number but too large or small for the type names the range.
///
/// ```swift
/// try IntegerConverter<UInt8>().convert("0xff")  // 255
/// try IntegerConverter<UInt8>().convert("300")   // throws: out of range for UInt8 (0...255)
/// ```
struct IntegerConverter<Value: FixedWidthInteger & Sendable>: TypeConverter {
    /// The converter.
    init() {}

    /// The type's name.
    var typeName: String { "\(Value.self)" }

    /// Decimal digits or `0x` and hex digits, the whole text, within the type's range.
    func convert(_ text: String) throws(ConversionFailure) -> Value {
        var digits = Substring(text)
        var sign = ""
        if let first = digits.first, first == "+" || first == "-" {
            sign = first == "-" ? "-" : ""
            digits = digits.dropFirst()
        }
        var radix = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            radix = 16
            digits = digits.dropFirst(2)
        }
        let valid = !digits.isEmpty && digits.allSatisfy { radix == 16 ? $0.isHexDigit : ("0"..."9").contains($0) }
        guard valid else {
            throw ConversionFailure("not a whole number; write decimal digits or 0x and hex digits")
        }
        guard let value = Value(sign + digits, radix: radix) else {
            throw ConversionFailure("\(text) is out of range for \(Value.self) (\(Value.min)...\(Value.max))")
        }
        return value
    }
}
