import Foundation

/// Base64 text.
struct DataConverter: TypeConverter {
    /// The converter.
    init() {}

    /// "Data".
    var typeName: String { "Data" }

    /// The bytes of base64 text.
    func convert(_ text: String) throws(ConversionFailure) -> Data {
        guard let value = Data(base64Encoded: text) else {
            throw ConversionFailure("not base64")
        }
        return value
    }
}
