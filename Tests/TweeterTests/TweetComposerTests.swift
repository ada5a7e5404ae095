@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
@_spi(Tooling) import FactoryTool
import Foundation
import Testing
import Tweeter

/// The compose screen's presenter, on the main actor, over the client and
/// the drafts actor that opens its file with an async initializer: built
/// from the shipped assembly by the async lookup, each test with its own
/// factory, drafts file and recording transport.
@MainActor
struct TweetComposerTests {
    /// A factory whose transport records and whose drafts live in `directory`.
    private func factory(_ directory: TemporaryDirectory, transport: RecordingTransport = RecordingTransport(),
                         patcher: Patcher = Patcher()) async throws -> Factory {
        try patcher.patch("transport", with: transport)
        return try await TweeterExample.factory(patcher: patcher, overrides: ["tweeter.drafts.path": directory.file("drafts.json")])
    }

    @Test func theComposerIsBuiltOnTheMainActorWithTheDraftsTheStoreOpened() async throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("drafts.json", #"["first draft","second draft"]"#)

        let composer = try await factory(directory).async.component(forKey: "composer", as: TweetComposer.self)

        #expect(composer.drafts == ["first draft", "second draft"], "its init-method, restoreDrafts, ran after the store opened")
        #expect(composer.state == .idle)
    }

    @Test func aPostedDraftStopsBeingADraftInTheFileToo() async throws {
        let directory = try TemporaryDirectory()
        let transport = RecordingTransport()
        let composer = try await factory(directory, transport: transport).async.component(forKey: "composer", as: TweetComposer.self)
        try await composer.saveDraft("hello matey")
        try await composer.saveDraft("later")

        composer.post("hello matey")
        #expect(composer.state == .posting)
        transport.answerLater { $0.transportDidFinish() }

        try await waitForCondition(pollInterval: .milliseconds(5)) { composer.state != .posting }
        #expect(composer.state == .posted)
        #expect(composer.drafts == ["later"])
        #expect(transport.requests.map(\.bodyText) == ["status=hello%20matey"])
        let file = try String(contentsOfFile: directory.file("drafts.json"), encoding: .utf8)
        #expect(file == #"["later"]"#)
    }

    @Test func aFailedPostKeepsTheDraftAndShowsWhy() async throws {
        let directory = try TemporaryDirectory()
        let transport = RecordingTransport()
        let composer = try await factory(directory, transport: transport).async.component(forKey: "composer", as: TweetComposer.self)
        try await composer.saveDraft("oi!")

        composer.post("oi!")
        transport.answerLater { $0.transport(didFailWith: .status(503)) }

        try await waitForCondition(pollInterval: .milliseconds(5)) { composer.state != .posting }
        #expect(composer.state == .failed(.status(503)))
        #expect(composer.drafts == ["oi!"])
    }

    @Test func theSynchronousLookupRefusesTheComposerAndSaysWhy() async throws {
        let factory = try await factory(TemporaryDirectory())

        let refusal = try #require((thrownError { _ = try factory.component(forKey: "composer") } as? DiagnosticReport)?.diagnostics.first)

        #expect(refusal.code == .requiresAsync)
        #expect(refusal.message.contains("composer (@MainActor init)"), "\(refusal.message)")
        #expect(refusal.location?.file.hasSuffix("Assemblies/Tweeter.xml") == true)
        #expect(try factory.component(forKey: "tweetClient") is TweetClient, "a component that cannot suspend still resolves")
    }

    @Test func theSynchronousLoadRefusesTheAssemblyAtTheDraftsLine() throws {
        let refusal = try #require((thrownError {
            _ = try TestFactory.make(assemblies: [.path(TweeterExample.assembly)], registry: TweeterRegistry.make(),
                                     options: .test(config: "\(TweeterExample.root)/Config"))
        } as? DiagnosticReport)?.diagnostics.first)

        #expect(refusal.code == .requiresAsync)
        #expect(refusal.location?.line == 33, "the eager singleton 'drafts' (async init)")
        #expect(refusal.message.contains("drafts (async init)"), "\(refusal.message)")
    }

    @Test func aPatchReplacesTheMainActorPresenter() async throws {
        let patcher = Patcher()
        let factory = try await factory(TemporaryDirectory(), patcher: patcher)
        let client = try factory.component(forKey: "tweetClient", as: TweetClient.self)
        let double = TweetComposer(client: client, drafts: try await DraftStore(path: "/nonexistent/drafts.json"))

        try patcher.patch("composer", with: double)

        #expect(try await factory.async.component(forKey: "composer", as: TweetComposer.self) === double)
        patcher.rollback()
        #expect(try await factory.async.component(forKey: "composer", as: TweetComposer.self) !== double)
    }

    @Test func aDraftsFileThatIsNotAListFailsTheLoadAtItsLine() async throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("drafts.json", "{\"not\": \"a list\"}")

        let failure: DiagnosticReport
        do {
            _ = try await factory(directory)
            Issue.record("the load should have failed")
            return
        } catch let report as DiagnosticReport {
            failure = report
        }

        #expect(failure.diagnostics.map(\.code) == [.buildFailed])
        #expect(failure.diagnostics.first?.location?.line == 33)
        #expect(failure.description.contains("it is not a JSON array of strings"), "\(failure)")
    }

    @Test func theAppsBuildShowsIsolationAndWhatSuspends() async throws {
        let result = await tweeter("build", "--set", "tweeter.drafts.path=/nonexistent/drafts.json")

        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("drafts: DraftStore (singleton, actor) = Tweeter.DraftStore"))
        #expect(lines.contains("  can suspend: drafts (async init)"))
        #expect(lines.contains("composer: TweetComposer (object-graph, @MainActor) = Tweeter.TweetComposer"))
        #expect(lines.contains("  can suspend: composer (@MainActor init)"))
        #expect(lines.last == "4 components built")
    }

    @Test func theGraphMarksIsolatedAndSuspendingComponents() async throws {
        let result = await tweeter("graph", "--format", "json")

        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(#""key":"drafts","class":"DraftStore","scope":"singleton","#))
        #expect(result.standardOutput.contains(#""isolation":"actor","suspension":"drafts (async init)"}"#))
        #expect(result.standardOutput.contains(#""isolation":"@MainActor","suspension":"composer (@MainActor init)"}"#))
        #expect(result.standardOutput.contains(#"/Assemblies/Tweeter.xml","line":24}"#), "tweetClient: nonisolated, cannot suspend")
    }
}

/// The example's own tool, in process: `command` on the shipped assembly and config, for the test environment.
private func tweeter(_ command: String, _ options: String...) async -> ToolResult {
    await FactoryTool.run(arguments: [command, TweeterExample.assembly, "--config", TweeterExample.root + "/Config",
                                      "--env", "test"] + options,
                          environment: ToolEnvironment(registry: TweeterRegistry.make()))
}

/// What `body` threw, or nil.
private func thrownError(_ body: () throws -> Void) -> (any Error)? {
    do { try body() } catch { return error }
    return nil
}
