@_spi(Tooling) import ComponentFactory
import Foundation
import MiddleAges
import Testing

/// The README's "In code" example, run: the README must hold this code word for word.
@Suite struct ReadmeExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static let readmeCode = """
        let factory = try Factory.load(assemblies: ["Assemblies/MiddleAges.xml"], config: "Config", environment: "test",
                                       registry: try MiddleAgesRegistry.make())
        let knight = try factory.component(forKey: "knight", as: Knight.self)
        print(knight.damselsRescued)  // 1, from Config/app-test.properties
        """

    @Test func theReadmeShowsThisCode() throws {
        let readme = try String(contentsOfFile: Self.root + "/README.md", encoding: .utf8)
        #expect(readme.contains(Self.readmeCode))
    }

    @Test func theReadmeCodeRunsOnTheShippedExample() throws {
        // The same lines, with the repository's root before each path, since a test does not run in it.
        let factory = try Factory.load(assemblies: ["\(Self.root)/Assemblies/MiddleAges.xml"], config: "\(Self.root)/Config",
                                       environment: "test", registry: try MiddleAgesRegistry.make())
        let knight = try factory.component(forKey: "knight", as: Knight.self)
        #expect(knight.damselsRescued == 1)
    }
}
