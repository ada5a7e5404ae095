/// What compiled wiring was compiled from, so that a load can tell when it
/// no longer fits: the assemblies it was given, each assembly file's bytes,
/// the registry's description, and, for each environment, the value of
/// every text with a placeholder that decides shape rather than a value
/// (`class=`, `ref=`, `factory-component=`, a callback's name…). Each as a
/// stable hash: no value of the configuration is written.
@_spi(Tooling)
public struct WiringStamps: Sendable, Equatable {
    /// One structural text and the hash of what it resolved to.
    public struct Structural: Sendable, Equatable {
        /// The text, placeholders unresolved, with where it was written.
        public var text: AttributeValue
        /// The stable hash of its value in the environment.
        public var hash: UInt64

        /// The stamp of `text`, whose value hashed to `hash`.
        public init(text: AttributeValue, hash: UInt64) {
            self.text = text
            self.hash = hash
        }
    }

    /// The assembly paths that `compile-wiring` read, as it was given them: what a fallback to the interpreter loads.
    public var assemblies: [String] = []
    /// Each assembly file read, with the hash of its bytes.
    public var sources: [String: UInt64] = [:]
    /// The hash of the registry's description.
    public var registry: UInt64 = 0

    /// Stamps, field by field; the defaults stamp nothing.
    public init(assemblies: [String] = [], sources: [String: UInt64] = [:], registry: UInt64 = 0) {
        self.assemblies = assemblies
        self.sources = sources
        self.registry = registry
    }

    /// The registry's stamp: its description names every type, maker, parameter type, property and callback.
    public static func registry(_ registry: ComponentRegistry) -> UInt64 {
        StableHash.of(registry.description)
    }

    /// The stamp of a source file's bytes.
    public static func source(_ bytes: [UInt8]) -> UInt64 {
        StableHash.of(bytes)
    }
}
