import Foundation

/// The 10-object prototype graph the resolution benchmarks build (`Grove` →
/// `Tree` → `Trunk` → 2 `Branch` → 4 `Leaf`, plus a seedling `Leaf`), and a
/// singleton `Leaf`: one file, `Assemblies/grove.xml`, so that the synchronous,
/// the async and the compiled figures are of the same assembly, and the
/// compiled wiring (`Sources/GroveWiring`) is made from it too.
public enum GroveAssembly {
    /// The path of `Assemblies/grove.xml` in this package.
    public static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assemblies/grove.xml").path
    /// Its text; empty when the file cannot be read, which each benchmark's first lookup then reports.
    public static let xml = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
}
