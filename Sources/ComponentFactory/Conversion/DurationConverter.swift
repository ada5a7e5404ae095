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

    /// `duration` as this converter reads it back, in the largest unit that
    /// is whole: `5m`, `30s`, `250ms`; a duration finer than a millisecond
    /// in Swift's own words.
    static func text(of duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000
        guard attoseconds == 0 else {
            guard attoseconds % attosecondsPerMillisecond == 0,
                  case let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1000), !overflow
            else { return "\(duration)" }
            return "\(milliseconds + attoseconds / attosecondsPerMillisecond)ms"
        }
        if seconds != 0 && seconds % 3600 == 0 { return "\(seconds / 3600)h" }
        if seconds != 0 && seconds % 60 == 0 { return "\(seconds / 60)m" }
        return "\(seconds)s"
    }
}
