/// `true`, `false`, `yes`, `no`, `1` or `0`, in any case.
struct BoolConverter: TypeConverter {
    /// The converter.
    init() {}

    /// "Bool".
    var typeName: String { "Bool" }

    /// `true`, `false`, `yes`, `no`, `1` or `0`, in any case.
    func convert(_ text: String) throws(ConversionFailure) -> Bool {
        switch text.lowercased() {
        case "true", "yes", "1": return true
        case "false", "no", "0": return false
        default: throw ConversionFailure("use true, false, yes, no, 1 or 0")
        }
    }
}
