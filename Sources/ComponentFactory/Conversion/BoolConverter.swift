/// `true`, `false`, `yes`, `no`, `1` or `0`, in any case.
public struct BoolConverter: TypeConverter {
    /// The converter.
    public init() {}

    /// "Bool".
    public var typeName: String { "Bool" }

    /// `true`, `false`, `yes`, `no`, `1` or `0`, in any case.
    public func convert(_ text: String) throws(ConversionFailure) -> Bool {
        switch text.lowercased() {
        case "true", "yes", "1": return true
        case "false", "no", "0": return false
        default: throw ConversionFailure("use true, false, yes, no, 1 or 0")
        }
    }
}
