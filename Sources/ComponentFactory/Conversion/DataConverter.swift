import Foundation

/// Base64 text.
public struct DataConverter: TypeConverter {
    /// The converter.
    public init() {}

    /// "Data".
    public var typeName: String { "Data" }

    /// The bytes of base64 text.
    public func convert(_ text: String) throws(ConversionFailure) -> Data {
        guard let value = Data(base64Encoded: text) else {
            throw ConversionFailure("not base64")
        }
        return value
    }
}
