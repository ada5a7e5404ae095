import ComponentFactoryTesting
@_spi(Tooling) import FactoryTool
import Foundation
import Testing

/// `factory plugin-check`, what the CheckAssemblies build-tool plugin runs:
/// the checks for every environment, lines that name the environment, and
/// the generated file written only when nothing is an error.
struct PluginCheckCommandTests {
    /// A target's assembly and config root, with `properties` as the base file and `production` as its overlay.
    static func target(assembly: String, properties: String, production: String = "") throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("Assemblies/App.xml", "<assembly>\n<property-placeholder location=\"app.properties\"/>\n" + assembly + "\n</assembly>\n")
        try directory.write("Config/app.properties", properties)
        try directory.write("Config/app-test.properties", "")
        try directory.write("Config/app-production.properties", production)
        return directory
    }

    static func check(_ directory: TemporaryDirectory, _ extra: String...) async -> (status: Int32, output: String, generated: String?) {
        let output = directory.file("Keys.swift")
        let arguments = ["plugin-check", directory.file("Assemblies"), "--config", directory.file("Config"), "--output", output] + extra
        let result = await FactoryTool.run(arguments: arguments, environment: ToolEnvironment())
        return (result.status, result.standardOutput, try? String(contentsOfFile: output, encoding: .utf8))
    }

    @Test func aPlaceholderMissingOnlyInProductionIsAnErrorThatNamesIt() async throws {
        let directory = try Self.target(assembly: #"<component class="Quest" key="quest"><property name="name" value="${quest.name}"/></component>"#,
                                        properties: "", production: "")
        try directory.write("Config/app-test.properties", "quest.name = a test\n")
        try directory.write("Keys.swift", "// from an earlier build")
        let run = await Self.check(directory)
        #expect(run.status == 1)
        #expect(run.output.contains("App.xml:3:") && run.output.contains("error: unresolved placeholder")
                    && run.output.contains("(in environment 'production')"), "\(run.output)")
        #expect(!run.output.contains("(in environment 'test')"))
        #expect(run.generated == nil, "a failed check leaves no output, so the next build checks again")
    }

    @Test func aCleanTargetGetsItsTypedKeys() async throws {
        let directory = try Self.target(assembly: """
            <component class="Knight" key="knight"><property name="quest" ref="main-quest"/></component>
            <component class="Quest" key="main-quest"/>
            <component class="${store.class}" key="store"/>
            <component class="Caller" key="caller" scope="request" seeded="yes"/>
            <component class="Knight" key="default" profile="production"/>
            <component class="Array&lt;Int&gt;" key="numbers"/>
            """, properties: "store.class = MemoryStore\n", production: "store.class = SQLStore\n")
        let run = await Self.check(directory, "--typed-keys", "AppKeys", "--public", "--import", "App", "--type", "Quest=any Quest")
        #expect(run.status == 0, "\(run.output)")
        let source = try #require(run.generated)
        #expect(source.contains("import App\n"))
        #expect(source.contains("public struct AppKeys: Sendable {"))
        #expect(source.contains("let knight: ComponentHandle<Knight>"))
        #expect(source.contains("let mainQuest: ComponentHandle<any Quest>"), "types maps a registered name")
        #expect(source.contains("public func mainQuest() throws(DiagnosticReport) -> any Quest {"))
        #expect(source.contains("public func mainQuest() async throws(DiagnosticReport) -> any Quest {"))
        #expect(source.contains("public func store<T>(as type: T.Type = T.self) throws(DiagnosticReport) -> T {"),
                "a class a placeholder makes differ between environments is asked for")
        #expect(source.contains("public func numbers<T>(as type: T.Type = T.self)"), "a name that is no Swift type is asked for")
        #expect(source.contains("public func caller(in scope: RequestScope) async throws(DiagnosticReport) -> Caller {"))
        #expect(source.contains("public func `default`() throws(DiagnosticReport) -> Knight {")
                    && source.contains("try factory.component(try factory.handle(forKey: \"default\", as: Knight.self))"),
                "a key of one environment only is looked up when called")
        #expect(source.contains("public func appKeys() throws(DiagnosticReport) -> AppKeys {"))
    }

    @Test func withoutTypedKeysTheOutputIsAComment() async throws {
        let directory = try Self.target(assembly: #"<component class="Quest" key="quest"/>"#, properties: "")
        let run = await Self.check(directory)
        #expect(run.status == 0)
        #expect(run.generated?.hasPrefix("// Generated by ComponentFactory's CheckAssemblies plugin") == true)
        #expect(run.generated?.contains("struct") == false)
    }

    @Test func keysThatWouldMakeTheSameNameGetNoneAndAWarning() async throws {
        let directory = try Self.target(assembly: """
            <component class="Quest" key="main-quest"/>
            <component class="Quest" key="main.quest"/>
            <component class="Quest" key="factory"/>
            <component class="Quest" key="2fa"/>
            """, properties: "")
        let run = await Self.check(directory, "--typed-keys", "Keys")
        #expect(run.status == 0)
        #expect(run.output.contains("warning: keys 'main-quest' and 'main.quest' would make the same typed key mainQuest()"), "\(run.output)")
        let source = try #require(run.generated)
        #expect(!source.contains("func mainQuest"))
        #expect(source.contains("func factoryComponent() throws"))
        #expect(source.contains("func _2fa() throws"))
    }

    @Test func noAccessorIsGeneratedThatCanOnlyFail() async throws {
        let directory = try Self.target(assembly: """
            <component class="TicketLedger" key="ledger" scope="singleton"/>
            <component class="Checkout" key="checkout" scope="prototype"><property name="ledger" ref="ledger"/></component>
            <component class="Cart" key="cart" scope="request"/>
            <component class="Summary" key="summary" scope="prototype"><property name="cart" ref="cart"/></component>
            <component class="Receipt" key="receipt" scope="prototype" depends-on="summary"/>
            <component class="Venue" key="venue"/>
            """, properties: "")
        let run = await Self.check(directory, "--typed-keys", "BoxOfficeKeys", "--suspending", "TicketLedger")
        #expect(run.status == 0, "\(run.output)")
        let source = try #require(run.generated)
        #expect(!source.contains("func ledger() throws"), "a declared suspending class has no synchronous accessor")
        #expect(source.contains("func ledger() async throws(DiagnosticReport) -> TicketLedger {"))
        #expect(!source.contains("func checkout() throws"), "what needs a suspending component suspends too")
        #expect(source.contains("func checkout() async throws(DiagnosticReport) -> Checkout {"))
        #expect(!source.contains("func summary() "), "a prototype that needs a request component has only the scope form")
        #expect(source.contains("func summary(in scope: RequestScope) async throws(DiagnosticReport) -> Summary {"))
        #expect(source.contains("func receipt(in scope: RequestScope)"), "depends-on reaches the request component too")
        #expect(source.contains("func venue() throws(DiagnosticReport) -> Venue {") && source.contains("func venue() async throws"))
        #expect(source.contains("venue: try factory.synchronousHandle(forKey: \"venue\", as: Venue.self)"),
                "a key given a synchronous accessor is checked, when the keys are made, to build without suspending")
        #expect(source.contains("ledger: try factory.handle(forKey: \"ledger\", as: TicketLedger.self)"))
    }

    @Test func theSettingsFileIsReadAsTheCommandRunsSoThatAnEditToItTakesEffect() async throws {
        let directory = try Self.target(assembly: #"<component class="Ledger" key="ledger"/>"#, properties: "")
        let output = directory.file("Keys.swift")
        func run() async -> (status: Int32, output: String, generated: String?) {
            let result = await FactoryTool.run(arguments: ["plugin-check", "--settings", directory.file("component-factory.json"), "--output", output],
                                               environment: ToolEnvironment())
            return (result.status, result.standardOutput + result.standardError, try? String(contentsOfFile: output, encoding: .utf8))
        }
        try directory.write("component-factory.json", #"{"typedKeys": {"name": "LedgerKeys"}}"#)
        let before = await run()
        #expect(before.status == 0, "\(before.output)")
        #expect(before.generated?.contains("func ledger() throws(DiagnosticReport) -> Ledger {") == true, "\(before.generated ?? "")")
        // The same command line, as SwiftPM reruns it when its input changes: what the file says now counts.
        try directory.write("component-factory.json", #"{"assemblies": ["Assemblies"], "config": "Config", "typedKeys": {"name": "LedgerKeys", "suspending": ["Ledger"]}}"#)
        let after = await run()
        #expect(after.status == 0, "\(after.output)")
        #expect(after.generated?.contains("func ledger() throws") == false && after.generated?.contains("func ledger() async throws") == true,
                "\(after.generated ?? "")")
        try directory.write("component-factory.json", "{not json")
        let broken = await run()
        #expect(broken.status != 0 && broken.output.contains("component-factory.json:1:") && broken.generated == nil, "\(broken.output)")
    }
}
