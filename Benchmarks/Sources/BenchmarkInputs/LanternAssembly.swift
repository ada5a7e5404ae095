import Foundation

/// A prototype set up after its initializer (a callback, two properties, an init
/// method): `Assemblies/lantern.xml`, apart from the grove so that the grove's
/// factory keeps its keys; its compiled wiring is `Sources/LanternWiring`.
public enum LanternAssembly {
    /// The path of `Assemblies/lantern.xml` in this package.
    public static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assemblies/lantern.xml").path
}
