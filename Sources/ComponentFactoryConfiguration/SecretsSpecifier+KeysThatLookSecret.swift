@_spi(Tooling) import ComponentFactory
import Configuration

extension SecretsSpecifier where KeyType == String, ValueType == String {
    /// The values of keys that look secret, by the rule that `factory
    /// properties` masks them by: a key that names a password, secret, token,
    /// credential, private or API key.
    ///
    /// ```swift
    /// let options = PropertiesSnapshot.ParsingOptions(secretsSpecifier: .keysThatLookSecret)
    /// ```
    public static var keysThatLookSecret: Self {
        .dynamic { key, _ in SecretKeys.isSecret(key) }
    }
}
