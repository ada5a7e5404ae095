import Foundation
import JavaProperties
import Testing

/// The examples' checked-in compiled wiring (`Sources/*/Wiring`) holds no
/// value of any `.properties` file in `Config/`, secrets included: a value
/// is in a generated file only where an assembly wrote the same text itself.
@Suite struct GeneratedWiringSecrecyTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func noGeneratedFileHoldsAValueOfTheConfiguration() throws {
        let manager = FileManager.default
        let config = Self.root.appendingPathComponent("Config")
        var values = Set<String>()
        for file in try manager.contentsOfDirectory(atPath: config.path) where file.hasSuffix(".properties") {
            let document = try PropertiesReader.read(contentsOfFile: config.appendingPathComponent(file).path)
            for entry in document.entries where !entry.value.isEmpty { values.insert(entry.value) }
        }
        let assemblies = try manager.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Assemblies").path)
            .filter { $0.hasSuffix(".xml") }
            .map { try String(contentsOf: Self.root.appendingPathComponent("Assemblies/\($0)"), encoding: .utf8) }
            .joined()
        var generated: [(String, String)] = []
        for example in ["MiddleAges", "HumanResources", "Tweeter"] {
            let folder = Self.root.appendingPathComponent("Sources/\(example)/Wiring")
            for file in try manager.contentsOfDirectory(atPath: folder.path) {
                generated.append((file, try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)))
            }
        }
        #expect(generated.count == 6)
        #expect(values.count > 20)
        for (file, text) in generated {
            for value in values where text.contains("\"\(value)\"") {
                #expect(assemblies.contains(value), "\(file) holds '\(value)', a value of Config/ that no assembly writes")
            }
        }
    }
}
