@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Foundation
import MiddleAges
import Testing

/// The typed keys the CheckAssemblies plugin generates for MiddleAges from
/// its assembly, used through the `.factory(…)` trait: each test its own factory.
@Suite struct TypedKeysTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test(.factory(assemblies: ["\(root)/Assemblies/MiddleAges.xml"], registry: try MiddleAgesRegistry.make(),
                   options: .test(config: "\(root)/Config")))
    func eachKeyGivesItsComponentAsItsOwnType() throws {
        let factory = try TestFactory.current
        let keys = try factory.middleAgesKeys()
        let knight: Knight = try keys.knight()
        #expect(knight.damselsRescued == 1, "from Config/app-test.properties")
        #expect(knight.quest is CampaignQuest)
        let cavalryMan: CavalryMan = try keys.cavalryMan()
        #expect(cavalryMan === (try factory.component(forKey: "cavalryMan", as: CavalryMan.self)), "a singleton: the same one")
        #expect(try keys.questImageURL() == factory.component(forKey: "questImageURL", as: URL.self))
        let quest: CampaignQuest = try keys.quest()
        #expect(quest !== (try keys.quest()), "object-graph: one per lookup")
    }

    @Test(.factory(assemblies: ["\(root)/Assemblies/MiddleAges.xml"], registry: try MiddleAgesRegistry.make(),
                   options: .test(config: "\(root)/Config")))
    func inAsyncCodeTheyResolveByTheAsyncLookup() async throws {
        let keys = try TestFactory.current.middleAgesKeys()
        let knight: Knight = try await keys.knightWithCollections()
        #expect(knight.favoriteDamsels == ["Mary", "Jane"])
        #expect(try await keys.cavalryMan() === (try TestFactory.current.component(forKey: "cavalryMan", as: CavalryMan.self)))
    }

    @Test func keysMadeForAFactoryOfOtherAssembliesAreRefusedAtOnce() throws {
        let xml = #"<assembly><component class="Knight" key="knight"/></assembly>"#
        let other = try Factory(assemblies: AssemblySet(documents: [AssemblyReader.read(bytes: Array(xml.utf8), file: "Other.xml").document]),
                                configuration: Configuration(environment: nil, sources: []), registry: try MiddleAgesRegistry.make())
        let refused = #expect(throws: DiagnosticReport.self) { try other.middleAgesKeys() }
        #expect(refused?.diagnostics.first?.code == .unknownReference, "\(String(describing: refused))")
    }
}
