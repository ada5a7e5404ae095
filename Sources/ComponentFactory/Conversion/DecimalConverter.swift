import Foundation

/// `Decimal`: digits with an optional sign, point and exponent. The whole
/// text must be the number (Foundation alone would accept `12abc` as 12).
struct DecimalConverter: TypeConverter {
    /// The converter.
    init() {}

    /// "Decimal".
    var typeName: String { "Decimal" }

    /// A decimal number, the whole text.
    func convert(_ text: String) throws(ConversionFailure) -> Decimal {
        guard text.wholeMatch(of: /[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/) != nil,
              let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        else {
            throw ConversionFailure("not a decimal number")
        }
        return value
    }
}
