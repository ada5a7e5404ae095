import ComponentFactoryConfiguration
import ComponentFactoryTesting
import Configuration
import ConfigurationTesting
import Foundation
import JavaProperties
import SystemPackage
import Testing

@Suite struct PropertiesSnapshotTests {
    private var compatFile: FilePath {
        FilePath(Bundle.module.url(forResource: "Fixtures/provider-compat", withExtension: "properties")?.path ?? "missing")
    }

    @Test func fileProviderPassesSwiftConfigurationsConformanceSuite() async throws {
        let provider = try await FileProvider<PropertiesSnapshot>(filePath: compatFile)
        try await ProviderCompatTest(provider: provider).runTest()
    }

    @Test func valuesAreReadExactlyAsJavaReadsThem() throws {
        let snapshot = try PropertiesSnapshot(text: "key\\ with\\ space = caf\\u00e9 \nlong = a\\\n    b\n", providerName: "test")
        #expect(try snapshot.value(forKey: AbsoluteConfigKey(["key with space"]), type: .string).value?.content == .string("café "))
        #expect(try snapshot.value(forKey: AbsoluteConfigKey(["long"]), type: .string).value?.content == .string("ab"))
    }

    @Test func typedReadsAreStrictAndArraysAreTrimmedItems() throws {
        let snapshot = try PropertiesSnapshot(text: "n = 42 \nyes = Yes\nlist = a , b,c\nempty =\n", providerName: "test")
        #expect(throws: PropertiesSnapshot.Mismatch.self) { try snapshot.value(forKey: AbsoluteConfigKey(["n"]), type: .int) }
        #expect(try snapshot.value(forKey: AbsoluteConfigKey(["yes"]), type: .bool).value?.content == .bool(true))
        #expect(try snapshot.value(forKey: AbsoluteConfigKey(["list"]), type: .stringArray).value?.content == .stringArray(["a", "b", "c"]))
        #expect(try snapshot.value(forKey: AbsoluteConfigKey(["empty"]), type: .stringArray).value?.content == .stringArray([]))
        let mismatch = try #require(throws: PropertiesSnapshot.Mismatch.self) {
            try snapshot.value(forKey: AbsoluteConfigKey(["n"]), type: .int)
        }
        #expect(mismatch.description == "test:1: error: the value of 'n' is not a int: '42 ' [conversion]")
    }

    @Test func secretLookingKeysAreSecretByDefaultAndTheSpecifierCanSayOtherwise() throws {
        let text = "db.password = hunter2\napi-key = k\ndb.url = x\n"
        let byDefault = try PropertiesSnapshot(text: text, providerName: "test")
        #expect(try byDefault.value(forKey: AbsoluteConfigKey(["db", "password"]), type: .string).value?.isSecret == true)
        #expect(try byDefault.value(forKey: AbsoluteConfigKey(["api-key"]), type: .string).value?.isSecret == true)
        #expect(try byDefault.value(forKey: AbsoluteConfigKey(["db", "url"]), type: .string).value?.isSecret == false)
        #expect(byDefault.debugDescription == "test[3 values: api-key=<REDACTED>, db.password=<REDACTED>, db.url=x]")
        let none = try PropertiesSnapshot(text: text, providerName: "test", parsingOptions: .init(secretsSpecifier: .none))
        #expect(try none.value(forKey: AbsoluteConfigKey(["db", "password"]), type: .string).value?.isSecret == false)
    }

    @Test func aMalformedFileFailsWithFileLineAndColumn() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("bad.properties", "good = 1\nbad = \\u12G4\n")
        let error = try await #require(throws: PropertiesError.self) {
            _ = try await FileProvider(propertiesFile: FilePath(path))
        }
        #expect(error.description.hasPrefix("\(path):2:7: error: malformed \\uXXXX escape"), "\(error)")
        // Through the generic initializer, the snapshot cannot know the path; the provider's name stands there.
        let generic = try await #require(throws: PropertiesError.self) {
            _ = try await FileProvider<PropertiesSnapshot>(filePath: FilePath(path))
        }
        #expect(generic.description.hasPrefix("FileProvider<PropertiesSnapshot>:2:7: error: malformed"), "\(generic)")
    }
}
