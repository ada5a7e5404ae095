/// The yes/no attributes of assemblies (`lazy-init`, `abstract`,
/// `is-class-method`): `true`, `yes`, `false` or `no`, in any case.
@_spi(Tooling)
public enum BooleanAttribute {
    /// nil when the text is none of the accepted words.
    public static func parse(_ text: String) -> Bool? {
        switch text {
        case "true", "yes": return true
        case "false", "no": return false
        default: break
        }
        return switch text.lowercased() {
        case "true", "yes": true
        case "false", "no": false
        default: nil
        }
    }
}
