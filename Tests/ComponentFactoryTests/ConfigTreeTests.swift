@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Foundation
import Testing

/// A directory tree read as properties, as Kubernetes mounts a Secret or a
/// ConfigMap (Spring Boot's `configtree:`): keys from paths, one trailing
/// line break dropped, the kubelet's `..` entries skipped, values secret,
/// reloaded when the kubelet swaps `..data`; and bounded against hostile trees.
@Suite(.timeLimit(.minutes(2))) struct ConfigTreeTests {
    /// Lays out `files` below `tree` exactly as the kubelet does: a timestamped
    /// folder holding them, `..data` linking to it, and each top-level name a
    /// link through `..data`. Written again, it makes a new folder and swaps
    /// `..data` by renaming a new link over it, atomically, as the kubelet does.
    struct KubeletVolume {
        let directory: TemporaryDirectory
        let tree: String
        private let fileManager = FileManager.default

        init(in directory: TemporaryDirectory, at tree: String, _ files: [String: String]) throws {
            (self.directory, self.tree) = (directory, tree)
            try fileManager.createDirectory(atPath: directory.file(tree), withIntermediateDirectories: true)
            try write(files)
        }

        func write(_ files: [String: String]) throws {
            let stamp = "..\(UUID().uuidString)"
            for (name, value) in files {
                _ = try directory.write("\(tree)/\(stamp)/\(name)", value)
            }
            let root = directory.file(tree)
            let data = root + "/..data"
            let isFirst = !fileManager.fileExists(atPath: data)
            try fileManager.createSymbolicLink(atPath: root + "/..data_tmp", withDestinationPath: stamp)
            guard rename(root + "/..data_tmp", data) == 0 else { throw CocoaError(.fileWriteUnknown) }
            guard isFirst else { return }
            for top in Set(files.keys.map { String($0.split(separator: "/")[0]) }) {
                try fileManager.createSymbolicLink(atPath: root + "/" + top, withDestinationPath: "..data/" + top)
            }
        }
    }

    @Test func aKubeletVolumeIsReadAsSpringBootReadsAConfigTree() throws {
        let directory = try TemporaryDirectory()
        let volume = try KubeletVolume(in: directory, at: "secrets", [
            "db/password": "s3cret\n", "api-key": "k3y\r\n", "banner": "one\ntwo\n", "plain": "as is", "spaced": "  kept  \n",
        ])
        let source = try ConfigTreeSource.read(ConfigTree(directory.file(volume.tree)))
        #expect(source.listedKeys == ["api-key", "banner", "db.password", "plain", "spaced"], "the .. entries are no keys")
        let values = Dictionary(uniqueKeysWithValues: source.listedKeys.map { ($0, source.property(forKey: $0)?.text) })
        #expect(values == ["db.password": "s3cret", "api-key": "k3y", "banner": "one\ntwo\n", "plain": "as is", "spaced": "  kept  "])
        #expect(source.listedKeys.allSatisfy { source.property(forKey: $0)?.isSecret == true })
        let password = try #require(source.property(forKey: "db.password"))
        #expect(password.location?.file.hasSuffix("secrets/db/password") == true && password.location?.line == 1)
        #expect(password.sourceName == "config tree \(directory.file("secrets"))")
        let notSecret = try ConfigTreeSource.read(ConfigTree(directory.file(volume.tree), secrets: false))
        #expect(notSecret.property(forKey: "plain")?.isSecret == false)
    }

    /// A component reading one key of the tree, and a value built from it.
    final class Client: Sendable {
        let credentials: String
        init(credentials: String) { self.credentials = credentials }
    }

    private static var registry: ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(Client.self) { $0.initializer("initWithCredentials:") { (credentials: String) in Client(credentials: credentials) } }
        return registry
    }

    private static func assembly(locations: String) -> String {
        """
        <assembly>
            <property-placeholder location="\(locations)"/>
            <component class="Client" key="client" scope="singleton">
                <initializer selector="initWithCredentials:">
                    <argument parameterName="credentials" value="user:${db.password}"/>
                </initializer>
            </component>
        </assembly>
        """
    }

    @Test func aTreeInTheOptionsIsALayerAboveTheFilesItsValuesMaskedAndTypedSettingsReadIt() throws {
        let directory = try TemporaryDirectory()
        let secret = "s3cret-" + UUID().uuidString
        let volume = try KubeletVolume(in: directory, at: "mounted", ["db/password": secret + "\n", "server/admin-token": "t0k3n\n"])
        try directory.write("Assemblies/app.xml", Self.assembly(locations: "app.properties"))
        try directory.write("Config/app.properties", "db.password = from-the-file\nserver.region = eu\n")
        var options = Factory.LoadOptions(config: .path(directory.file("Config")), processEnvironment: [:])
        options.configTrees = [ConfigTree(directory.file(volume.tree))]
        var registry = Self.registry
        registry.register(settings: SettingsBindingTests.ServerSettings.self)
        let factory = try Factory.load(assemblies: [.path(directory.file("Assemblies"))], registry: registry, options: options)

        #expect(try factory.component(forKey: "client", as: Client.self).credentials == "user:" + secret, "the tree wins over the file")
        #expect(try factory.settings(SettingsBindingTests.ServerSettings.self).adminToken == "t0k3n")
        let properties = try #require(factory.inspection().properties)
        let password = try #require(properties.first { $0.key == "db.password" })
        #expect(password.value == SecretKeys.mask && password.isSecret && password.source.hasPrefix("config tree "), "\(password)")
        let encoded = String(decoding: try JSONEncoder().encode(factory.inspection()), as: UTF8.self)
        #expect(!encoded.contains(secret), "the secret shows in the inspection")
    }

    @Test func aTreeInAnAssemblysLocationsIsReadInsideTheConfigRootInTheOrderGiven() throws {
        let directory = try TemporaryDirectory()
        _ = try KubeletVolume(in: directory, at: "Config/secrets", ["db/password": "from-the-tree\n"])
        try directory.write("Config/app.properties", "db.password = from-the-file\n")
        try directory.write("Config/late.properties", "other = 1\n")
        func load(_ locations: String) throws(DiagnosticReport) -> Factory {
            _ = try? directory.write("Assemblies/app.xml", Self.assembly(locations: locations))
            return try Factory.load(assemblies: [.path(directory.file("Assemblies"))], registry: Self.registry,
                                    options: .init(config: .path(directory.file("Config")), processEnvironment: [:]))
        }
        let treeLast = try load("app.properties, configtree:secrets/, optional:configtree:absent/")
        #expect(try treeLast.component(forKey: "client", as: Client.self).credentials == "user:from-the-tree")
        try directory.write("Config/late.properties", "db.password = from-the-late-file\n")
        let fileLast = try load("configtree:secrets/, late.properties")
        #expect(try fileLast.component(forKey: "client", as: Client.self).credentials == "user:from-the-late-file")

        let missing = thrown { () throws(DiagnosticReport) in _ = try load("app.properties, configtree:absent/") }
        #expect(missing?.diagnostics.map(\.code) == [.propertiesNotFound])
        #expect(missing?.diagnostics.first?.location?.file.hasSuffix("Assemblies/app.xml") == true)
        let outside = thrown { () throws(DiagnosticReport) in _ = try load("app.properties, configtree:../Assemblies/") }
        #expect(outside?.diagnostics.map(\.code) == [.pathOutsideRoot], "\(String(describing: outside))")
    }

    @Test func aHostileTreeEndsInAnErrorAtItsFileNeverAHangOrACrash() throws {
        let directory = try TemporaryDirectory()
        let fileManager = FileManager.default
        func read(_ tree: String) -> DiagnosticReport? {
            thrown { () throws(DiagnosticReport) in _ = try ConfigTreeSource.read(ConfigTree(directory.file(tree))) }
        }
        // A link out of the tree.
        _ = try directory.write("outside/secret", "x")
        _ = try directory.write("escaping/inside", "y")
        try fileManager.createSymbolicLink(atPath: directory.file("escaping/out"), withDestinationPath: directory.file("outside"))
        #expect(read("escaping")?.diagnostics.map(\.code) == [.pathOutsideRoot])
        // A folder linked to its own parent: each real folder is walked once.
        _ = try directory.write("looping/value", "z")
        try fileManager.createSymbolicLink(atPath: directory.file("looping/again"), withDestinationPath: directory.file("looping"))
        #expect(try ConfigTreeSource.read(ConfigTree(directory.file("looping"))).listedKeys == ["value"])
        // Deeper than the bound.
        let deep = (0...ConfigTreeSource.maximumDepth).map { "d\($0)" }.joined(separator: "/")
        _ = try directory.write("deep/\(deep)/value", "v")
        #expect(read("deep")?.diagnostics.map(\.code) == [.malformedProperties])
        // Not UTF-8; a FIFO; too large.
        try Data([0x66, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: try directory.write("binary/key", "")))
        #expect(read("binary")?.diagnostics.map(\.code) == [.malformedProperties])
        #expect(read("binary")?.diagnostics.first?.location?.line == 1)
        try fileManager.createDirectory(atPath: directory.file("fifo"), withIntermediateDirectories: true)
        #expect(mkfifo(directory.file("fifo/key"), 0o600) == 0)
        #expect(read("fifo")?.diagnostics.map(\.code) == [.propertiesNotFound])
        _ = try directory.write("large/key", String(repeating: "x", count: ConfigTreeSource.maximumFileSize + 1))
        #expect(read("large")?.diagnostics.first?.message.contains("cannot read") == true)
        // Not a folder at all, unless optional.
        #expect(read("absent")?.diagnostics.map(\.code) == [.propertiesNotFound])
        #expect(try ConfigTreeSource.read(ConfigTree(directory.file("absent"), optional: true)).listedKeys.isEmpty)
    }

    /// The first reload `live` makes while watching, after `change` (repeated until one comes): what a rotation looks like from inside.
    private static func reload(of live: LiveFactory, after change: @escaping @Sendable () throws -> Void) async -> ReloadEvent? {
        let reloads = live.reloads()
        return await withTaskGroup(of: ReloadEvent?.self) { group in
            group.addTask {
                await live.watch(pollingEvery: .milliseconds(100))
                return nil
            }
            // The watch is under way once its first look is taken: the change repeats until a reload comes.
            group.addTask {
                while !Task.isCancelled {
                    try? change()
                    try? await Task.sleep(for: .milliseconds(500))
                }
                return nil
            }
            var first: ReloadEvent?
            for await reload in reloads where reload.outcome != .unchanged {
                first = reload
                break
            }
            group.cancelAll()
            return first
        }
    }

    @Test func aRotatedSecretIsInForceOnceTheKubeletSwapsItAndMaskedInEveryView() async throws {
        let directory = try TemporaryDirectory()
        let (first, rotated) = ("s3cret-" + UUID().uuidString, "r0tated-" + UUID().uuidString)
        let volume = try KubeletVolume(in: directory, at: "Config/secrets", ["db/password": first + "\n"])
        try directory.write("Assemblies/app.xml", Self.assembly(locations: "app.properties, configtree:secrets/")
            .replacingOccurrences(of: #"scope="singleton">"#, with: #"scope="singleton" reloadable="yes">"#))
        try directory.write("Config/app.properties", "")
        let live = try await LiveFactory.load(assemblies: [.path(directory.file("Assemblies"))], registry: Self.registry,
                                              options: .init(config: .path(directory.file("Config")), processEnvironment: [:]))
        #expect(live.watchedDirectories.contains(directory.file("Config/secrets")))
        // How soon is the example's end-to-end test's to measure: this suite runs beside hundreds of others.
        let reload = await Self.reload(of: live) { try volume.write(["db/password": rotated + "\n"]) }
        #expect(reload?.outcome == .swapped && reload?.changedKeys == ["db.password"], "\(String(describing: reload))")
        #expect(try live.factory.component(forKey: "client", as: Client.self).credentials == "user:" + rotated)
        let shown = String(decoding: try JSONEncoder().encode(live.inspection()), as: UTF8.self)
        #expect(!shown.contains(first) && !shown.contains(rotated), "a secret shows in the inspection")
    }

    @Test func anOptionalTreeMountedAfterTheLoadIsReadAndThenWatchedForRotations() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("Assemblies/app.xml", Self.assembly(locations: "app.properties, optional:configtree:secrets/")
            .replacingOccurrences(of: #"scope="singleton">"#, with: #"scope="singleton" reloadable="yes">"#))
        try directory.write("Config/app.properties", "db.password = from-the-file\n")
        let live = try await LiveFactory.load(assemblies: [.path(directory.file("Assemblies"))], registry: Self.registry,
                                              options: .init(config: .path(directory.file("Config")), processEnvironment: [:]))
        #expect(!live.watchedDirectories.contains(directory.file("Config/secrets")))
        let reloads = live.reloads()
        let watching = Task { await live.watch(pollingEvery: .milliseconds(100)) }
        defer { watching.cancel() }
        // Mounted once the watch is under way (the file touched until a reload comes), then rotated
        // (again until one comes): no change is lost to a watch that had not begun, or began anew.
        let changing = Task {
            var volume: KubeletVolume?
            var rotation = 0
            while !Task.isCancelled {
                let current = try? live.factory.component(forKey: "client", as: Client.self).credentials
                if current == "user:from-the-file" {
                    if volume == nil {
                        volume = try? KubeletVolume(in: directory, at: "Config/secrets", ["db/password": "mounted\n"])
                    } else {
                        _ = try? directory.write("Config/app.properties", "db.password = from-the-file\n")
                    }
                } else {
                    rotation += 1
                    try? volume?.write(["db/password": "rotated-\(rotation)\n"])
                }
                try? await Task.sleep(for: .milliseconds(300))
            }
        }
        defer { changing.cancel() }
        var swapped: [String] = []
        for await reload in reloads where reload.outcome == .swapped {
            swapped.append(try live.factory.component(forKey: "client", as: Client.self).credentials)
            if swapped.last?.hasPrefix("user:rotated-") == true { break }
        }
        #expect(swapped.first == "user:mounted" && swapped.count >= 2, "\(swapped)")
        #expect(live.watchedDirectories.contains(directory.file("Config/secrets")))
    }

    @Test func aPropertiesConfigMapRotatedByTheKubeletReloadsAsAnEditDoes() async throws {
        let directory = try TemporaryDirectory()
        let volume = try KubeletVolume(in: directory, at: "Config", ["app.properties": "db.password = one\n"])
        try directory.write("Assemblies/app.xml", Self.assembly(locations: "app.properties")
            .replacingOccurrences(of: #"scope="singleton">"#, with: #"scope="singleton" reloadable="yes">"#))
        let live = try await LiveFactory.load(assemblies: [.path(directory.file("Assemblies"))], registry: Self.registry,
                                              options: .init(config: .path(directory.file("Config")), processEnvironment: [:]))
        #expect(try live.factory.component(forKey: "client", as: Client.self).credentials == "user:one")
        let reload = await Self.reload(of: live) { try volume.write(["app.properties": "db.password = two\n"]) }
        #expect(reload?.outcome == .swapped, "\(String(describing: reload))")
        #expect(try live.factory.component(forKey: "client", as: Client.self).credentials == "user:two")
    }

    @Test func aTreeOfTenThousandFilesIsReadAndOneMoreIsRefused() throws {
        let directory = try TemporaryDirectory()
        for index in 0..<ConfigTreeSource.maximumFiles {
            _ = try directory.write("wide/folder\(index % 100)/key\(index)", "\(index)\n")
        }
        let source = try ConfigTreeSource.read(ConfigTree(directory.file("wide")))
        #expect(source.listedKeys.count == ConfigTreeSource.maximumFiles)
        #expect(source.property(forKey: "folder7.key4207")?.text == "4207")
        _ = try directory.write("wide/one-more", "x")
        let refused = thrown { () throws(DiagnosticReport) in _ = try ConfigTreeSource.read(ConfigTree(directory.file("wide"))) }
        #expect(refused?.diagnostics.first?.message.contains("more than \(ConfigTreeSource.maximumFiles) files") == true)
    }
}

extension ConfigTreeTests {
    @Test func readForNamesOnlyATreeGivesItsKeysMaskedAndOpensNoFile() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("tree/db/password", "s3cret\n")
        #expect(mkfifo(directory.file("tree/blocking"), 0o600) == 0, "a FIFO: opening it to read would block")
        let source = try ConfigTreeSource.read(ConfigTree(directory.file("tree"), secrets: false), readsValues: false)
        #expect(source.listedKeys == ["blocking", "db.password"])
        #expect(source.listedKeys.allSatisfy { source.property(forKey: $0)?.text == SecretKeys.mask && source.property(forKey: $0)?.isSecret == true })
    }
}
