/// A whole number and a unit: `250ms`, `30s`, `5m`, `2h`.
struct DurationConverter: TypeConverter {
    /// The converter.
    init() {}

    /// "Duration".
    var typeName: String { "Duration" }

    /// A whole number with a unit: `250ms`, `30s`, `5m`, `2h`.
    func convert(_ text: String) throws(ConversionFailure) -> Duration {
        guard let match = text.wholeMatch(of: /(\d+)(ms|s|m|h)/), let amount = Int64(match.1) else {
            throw ConversionFailure("write a whole number and a unit: ms, s, m or h, such as 250ms or 30s")
        }
        let (seconds, overflow): (Int64, Bool)
        switch match.2 {
        case "ms": return .milliseconds(amount)
        case "s": (seconds, overflow) = (amount, false)
        case "m": (seconds, overflow) = amount.multipliedReportingOverflow(by: 60)
        default: (seconds, overflow) = amount.multipliedReportingOverflow(by: 3600)
        }
        guard !overflow else { throw ConversionFailure("\(text) is out of range") }
        return .seconds(seconds)
    }
}
