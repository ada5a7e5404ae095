/// Decides which keys hold secrets, so that listings and messages show
/// `******` instead of their values.
///
/// A key is secret when, lower-cased and without `.`, `_`, `-` and spaces, it
/// contains password, secret, token, credential, private or apikey.
///
/// ```swift
/// SecretKeys.isSecret("db.password")  // true
/// SecretKeys.isSecret("api-key")      // true
/// SecretKeys.isSecret("db.url")       // false
/// ```
public enum SecretKeys {
    public static let mask = "******"
    private static let markers = ["password", "secret", "token", "credential", "private", "apikey"]

    public static func isSecret(_ key: String) -> Bool {
        let squeezed = String(key.lowercased().filter { !".-_ ".contains($0) })
        return markers.contains { squeezed.contains($0) }
    }
}
