import ComponentFactoryTesting
import Foundation
import Testing

/// A real editor's client: headless Neovim (Debian's `neovim`; `.ci/run`
/// installs it) runs its built-in LSP client against the `factory`
/// executable on a copy of the shipped example with a misspelled `ref` and a
/// misspelled key in the production overlay, and writes what it got to a
/// file (`Fixtures/neovim-lsp-client.lua`).
@Suite struct NeovimClientTests {
    /// `nvim` on the PATH and the `factory` executable built beside this test
    /// bundle, or nil when either is missing (the test is then skipped).
    static let executables: (nvim: String, factory: String)? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let nvim = path.split(separator: ":").map { "\($0)/nvim" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        let bundle = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        let factory = bundle.appendingPathComponent("factory").path
        guard let nvim, FileManager.default.isExecutableFile(atPath: factory) else { return nil }
        return (nvim, factory)
    }()

    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The 0-based line and UTF-16 character just inside the first occurrence of `marker` (after `offset` characters of it).
    private func position(of marker: String, plus offset: Int, in text: String) -> (line: Int, character: Int)? {
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: marker) {
                return (number, line[..<range.lowerBound].utf16.count + offset)
            }
        }
        return nil
    }

    @Test(.enabled(if: executables != nil,
                   "needs nvim on the PATH (apt-get install neovim) and the factory executable built beside the tests (swift build)"))
    func neovimsOwnClientGetsDiagnosticsCompletionAndDefinition() throws {
        guard let (nvim, factory) = Self.executables else { return }
        let directory = try TemporaryDirectory()
        let root = URL(fileURLWithPath: directory.path)
        for folder in ["Assemblies", "Config"] {
            try FileManager.default.copyItem(at: Self.repository.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
        }
        let assembly = root.appendingPathComponent("Assemblies/MiddleAges.xml")
        let original = try String(contentsOf: assembly, encoding: .utf8)
        let broken = original.replacingOccurrences(of: #"<property name="quest" ref="quest"/>"#, with: #"<property name="quest" ref="qeust"/>"#)
        #expect(broken != original, "the shipped example must have the property to misspell")
        try broken.write(to: assembly, atomically: true, encoding: .utf8)
        let overlay = root.appendingPathComponent("Config/app-production.properties")
        let settings = try String(contentsOf: overlay, encoding: .utf8) + "damsels.resuced = 99\n"
        try settings.write(to: overlay, atomically: true, encoding: .utf8)
        let typo = try #require(position(of: "damsels.resuced", plus: 0, in: settings))
        let reference = try #require(position(of: #"ref="qeust""#, plus: 7, in: broken))
        let key = try #require(position(of: "${damsels.rescued}", plus: 4, in: broken))

        let output = root.appendingPathComponent("neovim-result.json")
        let script = try #require(Bundle.module.url(forResource: "Fixtures/neovim-lsp-client", withExtension: "lua"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: nvim)
        process.arguments = ["--headless", "--clean", "-c", "luafile \(script.path)"]
        process.currentDirectoryURL = root
        process.environment = ProcessInfo.processInfo.environment.merging([
            "LSP_COMMAND": factory, "LSP_ROOT": root.path, "LSP_FILE": assembly.path, "LSP_OUT": output.path,
            "LSP_REF_LINE": "\(reference.line)", "LSP_REF_CHAR": "\(reference.character)",
            "LSP_KEY_LINE": "\(key.line)", "LSP_KEY_CHAR": "\(key.character)", "LSP_PROPERTIES": overlay.path,
        ]) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Neovim ends itself; past two minutes something is stuck.
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()

        let data = try Data(contentsOf: output)
        let result = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((result["errors"] as? [Any])?.isEmpty == true, "\(result["errors"] ?? "")")

        let diagnostics = result["diagnostics"] as? [[String: Any]] ?? []
        let misspelled = diagnostics.first { $0["code"] as? String == "unknown-reference" }
        #expect(misspelled?["line"] as? Int == reference.line)
        #expect((misspelled?["message"] as? String)?.contains("did you mean 'quest'?") == true, "\(diagnostics)")

        let unused = (result["properties"] as? [[String: Any]] ?? []).first { $0["code"] as? String == "unused-property" }
        #expect(unused?["line"] as? Int == typo.line, "\(result["properties"] ?? "")")
        #expect((unused?["message"] as? String)?.contains("did you mean 'damsels.rescued'?") == true)

        let completion = result["completion"] as? [String] ?? []
        #expect(completion.contains("quest") && completion.contains("knight"), "\(completion)")

        let definition = result["definition"] as? [[String: Any]] ?? []
        let files = definition.compactMap { ($0["uri"] as? String).flatMap(URL.init(string:))?.lastPathComponent }
        #expect(Set(files) == ["app.properties", "app-development.properties", "app-test.properties", "app-production.properties"],
                "\(definition)")
        let base = definition.first { ($0["uri"] as? String)?.hasSuffix("/app.properties") == true }
        let baseText = try String(contentsOf: root.appendingPathComponent("Config/app.properties"), encoding: .utf8)
        #expect(base?["line"] as? Int == position(of: "damsels.rescued", plus: 0, in: baseText)?.line)
    }
}
