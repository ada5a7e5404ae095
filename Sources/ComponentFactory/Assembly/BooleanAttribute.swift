/// The yes/no attributes of assemblies (`lazy-init`, `abstract`,
/// `is-class-method`): `true`, `yes`, `false` or `no`, in any case.
public enum BooleanAttribute {
    /// nil when the text is none of the accepted words.
    public static func parse(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes": true
        case "false", "no": false
        default: nil
        }
    }
}
