import Foundation

/// ISO 8601: `2026-11-22T09:30:00Z`, with fractional seconds or an offset
/// (`+01:00`), or a date alone (`2026-11-22`, midnight UTC).
struct DateConverter: TypeConverter {
    /// The converter.
    init() {}

    /// "Date".
    var typeName: String { "Date" }

    /// An ISO 8601 date and time.
    func convert(_ text: String) throws(ConversionFailure) -> Date {
        let styles: [Date.ISO8601FormatStyle] = [
            .iso8601,
            Date.ISO8601FormatStyle(includingFractionalSeconds: true),
            Date.ISO8601FormatStyle().year().month().day(),
        ]
        for style in styles {
            if let date = try? style.parse(text) { return date }
        }
        throw ConversionFailure("not an ISO 8601 date, such as 2026-11-22T09:30:00Z or 2026-11-22")
    }
}
