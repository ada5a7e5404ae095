import Foundation
@_spi(Tooling) import FactoryTool
import JavaProperties
import Testing

@Suite struct PropertiesCommandTests {
    @Test func resolvesTheLayeringOfAnEnvironmentSortedByKey() async {
        let result = await factory("properties", "--config", fixture("config-with-environments"), "--env", "test")
        #expect(result.status == 0)
        #expect(result.standardOutput == """
            api.token=******
            data.dir=/tmp/test
            db.url=sqlite\\:/tmp/test/app.db
            env=test
            name=base

            """)
    }

    @Test func rawSkipsResolutionAndShowSecretsUnmasks() async {
        let result = await factory("properties", "--config", fixture("config-with-environments"), "--raw", "--show-secrets", "--format", "json")
        #expect(result.status == 0)
        #expect(result.standardOutput == #"{"api.token":"abc123","data.dir":"/srv","db.url":"sqlite:${data.dir}/app.db","name":"base"}"# + "\n")
    }

    @Test func aValueBuiltFromASecretIsMaskedAsTheSecretIs() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("props-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("app.properties").path
        try Data("db.password = hunter2\nuser = app\ndb.url = postgres://${user}:${db.password}@db/app\nlink = ${db.url}\n".utf8)
            .write(to: URL(fileURLWithPath: file))
        let masked = await factory("properties", "--format", "json", file)
        #expect(masked.standardOutput == #"{"db.password":"******","db.url":"******","link":"******","user":"app"}"# + "\n")
        let shown = await factory("properties", "--format", "json", "--show-secrets", file)
        #expect(shown.standardOutput.contains(#""link":"postgres://app:hunter2@db/app""#))
        // Raw, a value shows its placeholders, not the secret.
        let raw = await factory("properties", "--raw", "--format", "json", file)
        #expect(raw.standardOutput.contains(#""db.url":"postgres://${user}:${db.password}@db/app""#))
    }

    /// Acceptance (issue 26): a fixture's manifest, compared whole, in both formats.
    @Test func theManifestOfAFixtureIsWhatWasReviewedInBothFormats() async throws {
        let root = fixture("manifest")
        for (format, recordedFile) in [("text", "expected.md"), ("json", "expected.json")] {
            let result = await factory("properties", "--manifest", "--assemblies", root + "/Assemblies", "--config", root + "/Config",
                                       "--format", format)
            #expect(result.status == 0, "\(result.standardError)")
            let recorded = try String(contentsOfFile: root + "/" + recordedFile, encoding: .utf8)
            #expect(result.standardOutput.replacingOccurrences(of: root + "/", with: "") == recorded)
        }
        let shown = await factory("properties", "--manifest", "--assemblies", root + "/Assemblies", "--config", root + "/Config",
                                  "--show-secrets")
        #expect(shown.standardOutput.contains("| test | `postgres://app:change-me@db/app` |"))
        let narrowed = await factory("properties", "--manifest", "--config", root + "/Config", "--env", "test")
        #expect(narrowed.status == 2)
    }

    @Test func setOverridesWinAndEnvironmentVariablesAreOptIn() async {
        let root = fixture("config-with-environments")
        let variables = ["NAME": "from-env"]
        #expect(await factory("properties", "--config", root, "--format", "json", variables: variables)
            .standardOutput.contains(#""name":"base""#))
        #expect(await factory("properties", "--config", root, "--format", "json", "--environment-variables", variables: variables)
            .standardOutput.contains(#""name":"from-env""#))
        #expect(await factory("properties", "--config", root, "--format", "json", "--environment-variables", "--set", "name=cli", variables: variables)
            .standardOutput.contains(#""name":"cli""#))
    }

    @Test func unknownEnvironmentIsAUsageErrorWithSuggestion() async {
        let result = await factory("properties", "--config", fixture("config-with-environments"), "--env", "tset")
        #expect(result.status == 2)
        #expect(result.standardError.contains("unknown environment 'tset'; did you mean 'test'?"))
    }

    @Test func unresolvedPlaceholderExitsOneWithItsLine() async {
        let result = await factory("properties", fixture("config-with-problems/app.properties"))
        #expect(result.status == 1)
        #expect(result.standardError.contains("app.properties:3:1: error: unresolved placeholder '${hots}'"))
        #expect(result.standardError.hasSuffix("[unresolved-placeholder]\n"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func malformedFileExitsOneWithLineAndColumn() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("props-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bad.properties").path
        try Data("ok=1\n  key=\\u00G1\n".utf8).write(to: URL(fileURLWithPath: file))
        let result = await factory("properties", "--raw", "--show-secrets", "--format", "json", file)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("\(file):2:7: error: "))
        #expect(result.standardError.hasSuffix(" [malformed-properties]\n"))
    }

    @Test func unreadableInputsAndBadArgumentsExitTwo() async {
        #expect(await factory("properties", "/nonexistent/app.properties").status == 2)
        #expect(await factory("properties", "--config", "/nonexistent/config").status == 2)
        #expect(await factory("properties", "--format", "yaml").status == 2)
        #expect(await factory("properties", "--set", "no-equals-sign").status == 2)
        #expect(await factory("properties", "--no-such-flag").status == 2)
        #expect(await factory().status == 2)
    }

    @Test func helpExitsZero() async {
        let result = await factory("properties", "--help")
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("--show-secrets"))
    }

    /// Acceptance: `factory properties --raw --show-secrets --format json F`
    /// prints exactly the JDK's map for every corpus file, and exits 1 with
    /// `F:LINE:COL: error: … [malformed-properties]` where the JDK throws.
    @Test func jsonOutputMatchesTheJDKOnEveryCorpusFile() async throws {
        let corpus = conformanceCorpus()
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".properties") }
        #expect(names.count >= 500)
        for name in names {
            let file = corpus.appendingPathComponent(name).path
            let expected = try String(contentsOfFile: String(file.dropLast(".properties".count)) + ".expected", encoding: .utf8)
            let result = await factory("properties", "--raw", "--show-secrets", "--format", "json", file)
            if expected.hasPrefix("error") {
                #expect(result.status == 1, "\(name)")
                let pattern = try Regex(#"^.+:\d+:\d+: error: .+ \[malformed-properties\]\n$"#)
                #expect(result.standardError.contains(file + ":"), "\(name)")
                #expect(result.standardError.wholeMatch(of: pattern) != nil, "\(name): \(result.standardError)")
                continue
            }
            #expect(result.status == 0, "\(name)")
            let parsed = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: String]
            #expect(bytes(parsed ?? [:]) == jdkMap(expected), "\(name)")
        }
    }

    /// Acceptance: `factory properties --raw --show-secrets F > G` gives a G
    /// that reads back to the same map, for every corpus file Java reads.
    @Test func textOutputReadsBackToTheSameMapOnEveryCorpusFile() async throws {
        let corpus = conformanceCorpus()
        for name in try FileManager.default.contentsOfDirectory(atPath: corpus.path) where name.hasSuffix(".properties") {
            let file = corpus.appendingPathComponent(name).path
            guard let original = try? PropertiesReader.read(contentsOfFile: file) else { continue }
            let result = await factory("properties", "--raw", "--show-secrets", file)
            #expect(result.status == 0, "\(name)")
            let reread = try PropertiesReader.read(text: result.standardOutput, file: "G")
            #expect(reread.values == original.values, "\(name)")
        }
    }

    private func bytes(_ map: [String: String]) -> [[UInt8]: [UInt8]] {
        Dictionary(uniqueKeysWithValues: map.map { (Array($0.key.utf8), Array($0.value.utf8)) })
    }

    /// The oracle's "KEY\tVALUE" lines of UTF-16 hex, decoded as Swift decodes
    /// UTF-16 (an unpaired surrogate becomes U+FFFD).
    private func jdkMap(_ expected: String) -> [[UInt8]: [UInt8]] {
        func decode(_ hex: Substring) -> [UInt8] {
            let units = stride(from: 0, to: hex.count, by: 4).map { offset -> UInt16 in
                let start = hex.index(hex.startIndex, offsetBy: offset)
                return UInt16(hex[start..<hex.index(start, offsetBy: 4)], radix: 16) ?? 0
            }
            return Array(String(decoding: units, as: UTF16.self).utf8)
        }
        var map: [[UInt8]: [UInt8]] = [:]
        for line in expected.split(separator: "\n").dropFirst() {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            map[decode(parts[0])] = decode(parts.count > 1 ? parts[1] : "")
        }
        return map
    }
}

@Suite struct PropertyKeyIdentityTests {
    @Test func keysThatDifferOnlyInNormalizationStayTwoKeysThroughEveryLayer() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cafe-\(UUID().uuidString).properties")
        try Data("caf\u{E9}=one\ncafe\u{301}=two\nboth=${caf\u{E9}}+${cafe\u{301}}\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let result = await factory("properties", file.path, "--format", "json")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "{\"both\":\"one+two\",\"cafe\u{301}\":\"two\",\"caf\u{E9}\":\"one\"}\n")
        #expect(result.standardOutput.utf8.count == "{\"both\":\"one+two\",\"cafe\u{301}\":\"two\",\"caf\u{E9}\":\"one\"}\n".utf8.count)
    }
}
