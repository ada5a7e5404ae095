/// A directory tree read as properties, as Kubernetes and Docker mount
/// ConfigMaps and Secrets, one file per key: Spring Boot's `configtree:`.
///
/// - Each regular file below the directory is a key: its path below it, its
///   folders joined by `.` (`db/password` is `db.password`). Files and
///   folders whose names begin with `..` (the kubelet's `..data` and its
///   timestamped folders) are skipped; links are followed, within the tree.
/// - The file's content is the value, as UTF-8. A value of one line ending
///   in a line break (`\n` or `\r\n`) loses that line break, as `echo` and
///   `kubectl create secret --from-file` leave it; a value of several lines is kept whole.
/// - Every value is a secret, masked wherever it shows, unless `secrets` is false.
/// - The tree is read whole at each load and each reload; the kubelet's
///   atomic swap of `..data`, when a Secret rotates, makes a reload.
///
/// In a load's options, above the files and below environment variables:
///
/// ```swift
/// var options = Factory.LoadOptions(config: "Config", environment: "production")
/// options.configTrees = [ConfigTree("/etc/links/secrets")]
/// ```
///
/// In an assembly, inside the config root, in the order of the other locations
/// (`optional:` lets the folder be absent):
///
/// ```xml
/// <property-placeholder location="links.properties, optional:configtree:secrets/"/>
/// ```
public struct ConfigTree: Sendable, Hashable {
    /// The directory, relative to the working directory unless absolute.
    public var path: String
    /// Whether every value is a secret.
    public var holdsSecrets: Bool
    /// Whether the directory may be absent: then it supplies nothing.
    public var isOptional: Bool

    /// The tree at `path`; its values secrets unless `secrets` is false; required unless `optional`.
    public init(_ path: String, secrets: Bool = true, optional: Bool = false) {
        self.path = path
        holdsSecrets = secrets
        isOptional = optional
    }

    /// The prefix that marks a tree among a `location=` list's files.
    static let locationPrefix = "configtree:"
    /// The prefix that makes a location optional.
    static let optionalPrefix = "optional:"

    /// The tree a `location=` entry names, relative to the config root, or nil when it names a file.
    static func located(_ location: String) -> ConfigTree? {
        var text = Substring(location)
        let optional = text.hasPrefix(optionalPrefix)
        if optional { text = text.dropFirst(optionalPrefix.count) }
        guard text.hasPrefix(locationPrefix) else { return nil }
        return ConfigTree(String(text.dropFirst(locationPrefix.count)), optional: optional)
    }
}
