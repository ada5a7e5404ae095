import Foundation

/// Base64 text.
public struct DataConverter: TypeConverter {
    public init() {}

    public var typeName: String { "Data" }

    public func convert(_ text: String) throws(ConversionFailure) -> Data {
        guard let value = Data(base64Encoded: text) else {
            throw ConversionFailure("not base64")
        }
        return value
    }
}
