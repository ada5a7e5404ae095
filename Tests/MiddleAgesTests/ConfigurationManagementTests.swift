@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Foundation
import MiddleAges
import Testing

/// Typhoon's "Configuration Management & Testing" article, on the shipped
/// `Assemblies/MiddleAges.xml` and `Config/`: values from the properties of
/// each environment, a converter declared in the assembly, and a knight
/// patched with a test double.
struct ConfigurationManagementTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func factory(environment: String = "test", overrides: [String: String] = [:], patcher: Patcher? = nil) throws -> Factory {
        try TestFactory.make(assemblies: ["\(root)/Assemblies/MiddleAges.xml"], registry: try MiddleAgesRegistry.make(),
                             options: .test(config: "\(root)/Config", environment: environment, overrides: overrides),
                             patcher: patcher)
    }

    @Test(arguments: [("test", 1), ("development", 3), ("production", 42)] as [(String, UInt)])
    func damselsRescuedComesFromTheEnvironmentsProperties(environment: String, damsels: UInt) throws {
        let knight = try Self.factory(environment: environment).component(forKey: "knight", as: Knight.self)

        #expect(knight.damselsRescued == damsels)
    }

    @Test func theConverterDeclaredInTheAssemblyPaintsTheShield() throws {
        let azure = try Self.factory().component(forKey: "knight", as: Knight.self)
        let gules = try Self.factory(overrides: ["knight.shield.color": "gules"]).component(forKey: "knight", as: Knight.self)

        #expect(azure.shieldColor?.description == "#0047AB")
        #expect(gules.shieldColor != nil)
        #expect(gules.shieldColor != azure.shieldColor)
    }

    @Test func aPatchedKnightIsTheOneEveryoneGets() throws {
        let patcher = Patcher()
        let factory = try Self.factory(patcher: patcher)
        let double = Knight()
        double.favoriteDamsels = ["Mary", "Janezzz"]

        try patcher.patch("knight", with: double)

        #expect(try factory.component(forKey: "knight", as: Knight.self) === double)
        #expect(try factory.component(forKey: "knight", as: Knight.self).favoriteDamsels == ["Mary", "Janezzz"])
        #expect(try factory.component(forKey: "knightWithCollections", as: Knight.self).friends.contains(double))

        patcher.rollback()
        let real = try factory.component(forKey: "knight", as: Knight.self)
        #expect(real !== double)
        #expect(real.favoriteDamsels == ["Mary", "Jane"])
        #expect(real.damselsRescued == 1)
    }
}
