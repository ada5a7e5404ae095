import ComponentFactory
import Foundation
import Testing

/// Configuration and secrets mounted as Kubernetes mounts them, into the
/// running server's Config/secrets/ and Config/: rotated by the kubelet's
/// swap of `..data`, in force within 2 s, masked in every view.
extension ServerLifecycleTests {
    @Test func aSecretRotatedInTheMountedTreeIsInForceWithinTwoSecondsAndMaskedInEveryView() async throws {
        let (first, rotated) = (Int.random(in: 100_000...199_999), Int.random(in: 200_000...299_999))
        var mounted: KubeletVolume?
        let server = try LinksServerProcess(database: "unused", rate: 50, environment: "development", management: true) { directory in
            mounted = try KubeletVolume(at: directory.appendingPathComponent("Config/secrets"), ["rate/per-second": "\(first)\n"])
        }
        let volume = try #require(mounted)
        try await server.waitUntilServing()
        try await waitFor(server, perSecond: first)
        let started = ContinuousClock.now
        try volume.rotate(["rate/per-second": "\(rotated)\n"])
        try await waitFor(server, perSecond: rotated)
        let took = ContinuousClock.now - started
        #expect(took <= .seconds(2), "in force \(took) after the kubelet's swap")

        var views: [String] = []
        for route in ["/factory/properties", "/factory/reloads", "/factory/components", "/metrics"] {
            views.append(String(decoding: try await HTTP.response(server.managementURL + route).body, as: UTF8.self))
        }
        let properties = try JSONDecoder().decode([FactoryInspection.Property].self, from: Data(views[0].utf8))
        let rate = try #require(properties.first { $0.key == "rate.per-second" })
        #expect(rate.value == "******" && rate.isSecret && rate.source.hasPrefix("config tree "), "\(rate)")
        server.terminate()
        #expect(try await server.exitStatus() == 0)
        for text in views + [server.logText] {
            #expect(!text.contains("\(first)") && !text.contains("\(rotated)"), "a secret's value shows")
        }
        print("a secret rotated in the mounted tree: in force \(took) after the swap")
    }

    @Test func aPropertiesConfigMapRotatedByTheKubeletReloadsTheServer() async throws {
        var files: [String: String] = [:]
        var mounted: KubeletVolume?
        let server = try LinksServerProcess(database: "unused", rate: 50, environment: "development") { directory in
            // Config/ as a ConfigMap volume: the files move into the kubelet's layout, the same text.
            let config = directory.appendingPathComponent("Config")
            for name in try FileManager.default.contentsOfDirectory(atPath: config.path) where name.hasSuffix(".properties") {
                files[name] = try String(contentsOf: config.appendingPathComponent(name), encoding: .utf8)
                try FileManager.default.removeItem(at: config.appendingPathComponent(name))
            }
            mounted = try KubeletVolume(at: config, files)
        }
        let volume = try #require(mounted)
        try await server.waitUntilServing()
        try await waitFor(server, perSecond: 50)
        files["links.properties"] = files["links.properties"]?.replacingOccurrences(of: "rate.per-second = 50", with: "rate.per-second = 75")
        let started = ContinuousClock.now
        try volume.rotate(files)
        try await waitFor(server, perSecond: 75)
        #expect(ContinuousClock.now - started <= .seconds(2))
        server.terminate()
        #expect(try await server.exitStatus() == 0)
    }

    /// Waits until `/stats` shows the limit `perSecond`, at most 10 s.
    private func waitFor(_ server: LinksServerProcess, perSecond: Int) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if (try? await HTTP.stats(server))?.perSecond == perSecond { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw ServerFailure("the limit \(perSecond) did not come into force within 10 s:\n\(server.logText)")
    }
}
