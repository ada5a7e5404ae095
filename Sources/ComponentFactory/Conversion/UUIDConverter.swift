import Foundation

/// The text form, such as `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`.
struct UUIDConverter: TypeConverter {
    /// The converter.
    init() {}

    /// "UUID".
    var typeName: String { "UUID" }

    /// A UUID in its text form.
    func convert(_ text: String) throws(ConversionFailure) -> UUID {
        guard let value = UUID(uuidString: text) else {
            throw ConversionFailure("not a UUID in its text form, such as E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        }
        return value
    }
}
