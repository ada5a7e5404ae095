import ComponentFactoryMacrosPlugin
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// What `@Component` writes, form by form, and every diagnostic it gives.
@Suite struct ComponentMacroExpansionTests {
    private let macros: [String: MacroSpec] = [
        "Component": MacroSpec(type: ComponentMacro.self, conformances: ["SelfRegistering"]),
        "ComponentIgnored": MacroSpec(type: MarkerMacro.self),
        "Callback": MacroSpec(type: MarkerMacro.self),
        "Selector": MacroSpec(type: MarkerMacro.self),
        "ClassMethod": MacroSpec(type: MarkerMacro.self),
    ]

    private func expect(_ source: String, expands expected: String, diagnostics: [DiagnosticSpec] = [],
                        fixed: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        assertMacroExpansion(source, expandedSource: expected, diagnostics: diagnostics, macroSpecs: macros,
                             applyFixIts: fixed == nil ? nil : diagnostics.flatMap { $0.fixIts.map(\.message) },
                             fixedSource: fixed) { failure in
            Issue.record("\(failure.message)", sourceLocation: sourceLocation)
        }
    }

    @Test func initializersGetTheirSwiftAndTyphoonSelectorsAndVarsTheirKeyPaths() {
        expect("""
            @Component
            public final class Knight {
                public var quest: (any Quest)?
                public var damselsRescued: UInt = 0
                let name: String
                public init(quest: (any Quest)?, damselsRescued: UInt) {
                    self.quest = quest
                    self.damselsRescued = damselsRescued
                    self.name = "x"
                }
            }
            """, expands: """
            public final class Knight {
                public var quest: (any Quest)?
                public var damselsRescued: UInt = 0
                let name: String
                public init(quest: (any Quest)?, damselsRescued: UInt) {
                    self.quest = quest
                    self.damselsRescued = damselsRescued
                    self.name = "x"
                }

                /// The registration `@Component` wrote from this type's declarations.
                public enum Registration: ComponentFactory.ComponentRegistration {
                    public typealias Component = Knight
                    public static var name: String {
                        "Knight"
                    }
                    public static var conformances: [Any.Type] {
                        []
                    }
                    public static func register(in builder: inout ComponentFactory.RegistrationBuilder<Knight>) {
                        builder.property("quest", \\.quest)
                        builder.assignsProperty("quest", member: "quest")
                        builder.property("damselsRescued", \\.damselsRescued)
                        builder.assignsProperty("damselsRescued", member: "damselsRescued")
                        builder.initializer("init(quest:damselsRescued:)") { (quest: (any Quest)?, damselsRescued: UInt) in
                            Knight(quest: quest, damselsRescued: damselsRescued)
                        }
                        builder.callsInitializer("init(quest:damselsRescued:)", labels: ["quest", "damselsRescued"])
                        builder.initializer("initWithQuest:damselsRescued:") { (quest: (any Quest)?, damselsRescued: UInt) in
                            Knight(quest: quest, damselsRescued: damselsRescued)
                        }
                        builder.callsInitializer("initWithQuest:damselsRescued:", labels: ["quest", "damselsRescued"])
                    }
                }
            }

            extension Knight: ComponentFactory.SelfRegistering {
            }
            """)
    }

    @Test func argumentsNameTheTypeAndItsConformancesAndMarksAddSelectorsCallbacksAndClassMethods() {
        expect("""
            @Component(name: "Quest", conformsTo: [(any Quest).self])
            struct CampaignQuest {
                var imageURL: URL?
                var computed: Int { 1 }
                var settable: Int { get { 1 } set {} }
                private var hidden: Int = 0
                private(set) var readOnly: Int = 0
                static var shared: Int = 0
                @ComponentIgnored var ignored: Int = 0
                @Selector("init")
                init(imageURL: URL? = nil) throws { self.imageURL = imageURL }
                @ClassMethod("questWithName:")
                static func quest(name _ : String) -> CampaignQuest { CampaignQuest() }
                @Callback func ready() {}
                @Callback("finish") mutating func done() throws {}
                @ComponentIgnored init(_ secret: Int) {}
            }
            """, expands: """
            struct CampaignQuest {
                var imageURL: URL?
                var computed: Int { 1 }
                var settable: Int { get { 1 } set {} }
                private var hidden: Int = 0
                private(set) var readOnly: Int = 0
                static var shared: Int = 0
                var ignored: Int = 0
                init(imageURL: URL? = nil) throws { self.imageURL = imageURL }
                static func quest(name _ : String) -> CampaignQuest { CampaignQuest() }
                func ready() {}
                mutating func done() throws {}
                init(_ secret: Int) {}

                /// The registration `@Component` wrote from this type's declarations.
                enum Registration: ComponentFactory.ComponentRegistration {
                    typealias Component = CampaignQuest
                    static var name: String {
                        "Quest"
                    }
                    static var conformances: [Any.Type] {
                        [(any Quest).self]
                    }
                    static func register(in builder: inout ComponentFactory.RegistrationBuilder<CampaignQuest>) {
                        builder.property("imageURL", \\.imageURL)
                        builder.assignsProperty("imageURL", member: "imageURL")
                        builder.property("settable", \\.settable)
                        builder.assignsProperty("settable", member: "settable")
                        builder.initializer("init(imageURL:)") { (imageURL: URL?) throws in
                            try CampaignQuest(imageURL: imageURL)
                        }
                        builder.initializer("initWithImageURL:") { (imageURL: URL?) throws in
                            try CampaignQuest(imageURL: imageURL)
                        }
                        builder.initializer("init") { () throws in
                            try CampaignQuest()
                        }
                        builder.classMethod("questWithName:") { (argument0: String) in
                            CampaignQuest.quest(name: argument0)
                        }
                        builder.callback("ready") {
                            $0.ready()
                        }
                        builder.callsMethod("ready", method: "ready")
                        builder.callback("finish") {
                            try $0.done()
                        }
                    }
                }
            }

            extension CampaignQuest: ComponentFactory.SelfRegistering {
            }
            """)
    }

    @Test func anEnumOrAProtocolIsRefused() {
        expect("@Component\nenum Color {\n    case red\n}", expands: "enum Color {\n    case red\n}", diagnostics: [
            DiagnosticSpec(message: "@Component applies to a class, a struct or an actor: an enum or a protocol has no initializers to register",
                           line: 1, column: 1),
        ])
        expect("@Component\nprotocol Fighter {\n}", expands: "protocol Fighter {\n}", diagnostics: [
            DiagnosticSpec(message: "@Component applies to a class, a struct or an actor: an enum or a protocol has no initializers to register",
                           line: 1, column: 1),
        ])
    }

    @Test func aStoredPropertyWithNoTypeIsAnErrorWithAFixIt() {
        expect("""
            @Component
            struct Counter {
                var count = 0
            }
            """, expands: """
            struct Counter {
                var count = 0
            }
            """, diagnostics: [
                DiagnosticSpec(message: "@Component registers a property by its declared type: give this property a type annotation",
                               line: 3, column: 9, fixIts: [FixItSpec(message: "add a type annotation")]),
            ], fixed: """
            @Component
            struct Counter {
                var count: <#Type#> = 0
            }
            """)
    }

    @Test func aParameterTheRegistryCannotInjectIsAnErrorWithAFixIt() {
        let message = "@Component cannot register this initializer: the registry cannot inject a function, an inout, a variadic "
            + "or a 'some' parameter; mark it @ComponentIgnored and register it by hand"
        for parameter in ["handler: @escaping () -> Void", "names: String...", "value: inout Int", "quest: some Quest"] {
            expect("""
                @Component
                struct Service {
                    init(\(parameter)) {}
                }
                """, expands: """
                struct Service {
                    init(\(parameter)) {}
                }
                """, diagnostics: [
                    DiagnosticSpec(message: message, line: 3, column: 10, fixIts: [FixItSpec(message: "mark it @ComponentIgnored")]),
                ], fixed: """
                @Component
                struct Service {
                    @ComponentIgnored init(\(parameter)) {}
                }
                """)
        }
    }

    @Test func twoInitializersWithOneSelectorAreAnError() {
        expect("""
            @Component
            struct Service {
                init(port: Int) {}
                init(port: String) {}
            }
            """, expands: """
            struct Service {
                init(port: Int) {}
                init(port: String) {}
            }
            """, diagnostics: [
                DiagnosticSpec(message: "two initializers map to one selector; mark one @ComponentIgnored", line: 4, column: 5,
                               fixIts: [FixItSpec(message: "mark it @ComponentIgnored")]),
            ])
    }

    @Test func aSelectorThatLeavesOutParametersWithoutDefaultsIsAnError() {
        expect("""
            @Component
            struct Service {
                @Selector("initWithHost:")
                init(host: String, port: Int) {}
            }
            """, expands: """
            struct Service {
                init(host: String, port: Int) {}
            }
            """, diagnostics: [
                DiagnosticSpec(message: "a @Selector with fewer parameters than the initializer needs defaults for the parameters it leaves out",
                               line: 4, column: 5),
            ])
    }

    @Test func aCallbackWithArgumentsAGenericTypeAndAClassMethodOfAnotherTypeAreErrors() {
        expect("""
            @Component
            struct Service {
                @Callback func ready(now: Bool) {}
            }
            """, expands: """
            struct Service {
                func ready(now: Bool) {}
            }
            """, diagnostics: [DiagnosticSpec(message: "a @Callback method takes no arguments", line: 3, column: 20)])
        expect("""
            @Component
            struct Box<Value> {}
            """, expands: "struct Box<Value> {}", diagnostics: [
                DiagnosticSpec(message: "@Component cannot register a generic type: register each specialization by hand",
                               line: 2, column: 11),
            ])
        expect("""
            @Component
            struct Service {
                @ClassMethod("make") static func make() -> Int { 1 }
            }
            """, expands: """
            struct Service {
                static func make() -> Int { 1 }
            }
            """, diagnostics: [DiagnosticSpec(message: "a @ClassMethod is a static method that returns the type itself",
                                              line: 3, column: 38)])
    }

    @Test func aFailableInitializerThrowsWhenItGivesNil() {
        expect("""
            @Component
            struct Port {
                var number: Int
                init?(number: Int) {
                    guard number > 0 else { return nil }
                    self.number = number
                }
            }
            """, expands: """
            struct Port {
                var number: Int
                init?(number: Int) {
                    guard number > 0 else { return nil }
                    self.number = number
                }

                /// The registration `@Component` wrote from this type's declarations.
                enum Registration: ComponentFactory.ComponentRegistration {
                    typealias Component = Port
                    static var name: String {
                        "Port"
                    }
                    static var conformances: [Any.Type] {
                        []
                    }
                    static func register(in builder: inout ComponentFactory.RegistrationBuilder<Port>) {
                        builder.property("number", \\.number)
                        builder.assignsProperty("number", member: "number")
                        builder.initializer("init(number:)") { (number: Int) throws in
                            guard let made = Port(number: number) else {
                                throw ComponentFactory.InitializerReturnedNil(selector: "init(number:)", type: "Port")
                            }
                            return made
                        }
                        builder.initializer("initWithNumber:") { (number: Int) throws in
                            guard let made = Port(number: number) else {
                                throw ComponentFactory.InitializerReturnedNil(selector: "initWithNumber:", type: "Port")
                            }
                            return made
                        }
                    }
                }
            }

            extension Port: ComponentFactory.SelfRegistering {
            }
            """)
    }

    // An async initializer was an error before issue 25; it is now registered in its async form.
    @Test func anAsyncInitializerIsRegisteredInItsAsyncForm() {
        expect("""
            @Component
            struct Service {
                init(host: String) async {}
            }
            """, expands: """
            struct Service {
                init(host: String) async {}

                /// The registration `@Component` wrote from this type's declarations.
                enum Registration: ComponentFactory.ComponentRegistration {
                    typealias Component = Service
                    static var name: String {
                        "Service"
                    }
                    static var conformances: [Any.Type] {
                        []
                    }
                    static func register(in builder: inout ComponentFactory.RegistrationBuilder<Service>) {
                        builder.initializer("init(host:)") { (host: String) async in
                            await Service(host: host)
                        }
                        builder.initializer("initWithHost:") { (host: String) async in
                            await Service(host: host)
                        }
                    }
                }
            }

            extension Service: ComponentFactory.SelfRegistering {
            }
            """)
    }

    @Test func aMainActorClassRegistersClosuresThatRunOnTheMainActor() {
        expect("""
            @MainActor @Component
            final class ViewModel {
                var title: String = ""
                let store: Store
                init(store: Store) { self.store = store }
                @Callback func load() async throws {}
                @Callback nonisolated func note() {}
            }
            """, expands: """
            @MainActor
            final class ViewModel {
                var title: String = ""
                let store: Store
                init(store: Store) { self.store = store }
                func load() async throws {}
                nonisolated func note() {}

                /// The registration `@Component` wrote from this type's declarations.
                enum Registration: ComponentFactory.ComponentRegistration {
                    typealias Component = ViewModel
                    static var name: String {
                        "ViewModel"
                    }
                    static var conformances: [Any.Type] {
                        []
                    }
                    static var isolation: ComponentFactory.Isolation {
                        .mainActor
                    }
                    static func register(in builder: inout ComponentFactory.RegistrationBuilder<ViewModel>) {
                        builder.property("title") { @MainActor (component: ViewModel, value: String) async in
                            component.title = value
                        }
                        builder.initializer("init(store:)") { @MainActor (store: Store) async in
                            ViewModel(store: store)
                        }
                        builder.initializer("initWithStore:") { @MainActor (store: Store) async in
                            ViewModel(store: store)
                        }
                        builder.callback("load") { @MainActor (component: ViewModel) async throws in
                            try await component.load()
                        }
                        builder.callback("note") {
                            $0.note()
                        }
                        builder.callsMethod("note", method: "note")
                    }
                }
            }

            extension ViewModel: ComponentFactory.SelfRegistering {
            }
            """)
    }

    @Test func anActorWithAnAsyncThrowingInitializerIsRegisteredAsAnActor() {
        expect("""
            @Component
            actor Pool {
                init(size: Int) async throws {}
                @Callback("close") func shutDown() async {}
                @Callback func count() {}
            }
            """, expands: """
            actor Pool {
                init(size: Int) async throws {}
                func shutDown() async {}
                func count() {}

                /// The registration `@Component` wrote from this type's declarations.
                enum Registration: ComponentFactory.ComponentRegistration {
                    typealias Component = Pool
                    static var name: String {
                        "Pool"
                    }
                    static var conformances: [Any.Type] {
                        []
                    }
                    static var isolation: ComponentFactory.Isolation {
                        .actor
                    }
                    static func register(in builder: inout ComponentFactory.RegistrationBuilder<Pool>) {
                        builder.initializer("init(size:)") { (size: Int) async throws in
                            try await Pool(size: size)
                        }
                        builder.initializer("initWithSize:") { (size: Int) async throws in
                            try await Pool(size: size)
                        }
                        builder.callback("close") { (component: Pool) async in
                            await component.shutDown()
                        }
                        builder.callback("count") { (component: Pool) async in
                            await component.count()
                        }
                    }
                }
            }

            extension Pool: ComponentFactory.SelfRegistering {
            }
            """)
    }

    @Test func anActorSkipsGetOnlyComputedAndStaticMembersAndSetsItsPropertiesOnItself() {
        expect("""
            @Component
            public actor TicketLedger {
                private var entries: [Int] = []
                public var count: Int { entries.count }
                public var total: Int { get { entries.reduce(0, +) } }
                public var limit: Int = 10
                public lazy var cache: [Int] = []
                public static var shared: Int = 0
                public static let name = "ledger"
                public init() async throws {}
            }
            """, expands: """
            public actor TicketLedger {
                private var entries: [Int] = []
                public var count: Int { entries.count }
                public var total: Int { get { entries.reduce(0, +) } }
                public var limit: Int = 10
                public lazy var cache: [Int] = []
                public static var shared: Int = 0
                public static let name = "ledger"
                public init() async throws {}

                /// The registration `@Component` wrote from this type's declarations.
                public enum Registration: ComponentFactory.ComponentRegistration {
                    public typealias Component = TicketLedger
                    public static var name: String {
                        "TicketLedger"
                    }
                    public static var conformances: [Any.Type] {
                        []
                    }
                    public static var isolation: ComponentFactory.Isolation {
                        .actor
                    }
                    public static func register(in builder: inout ComponentFactory.RegistrationBuilder<TicketLedger>) {
                        builder.property("limit") { (component: isolated TicketLedger, value: Int) in
                            component.limit = value
                        }
                        builder.property("cache") { (component: isolated TicketLedger, value: [Int]) in
                            component.cache = value
                        }
                        builder.initializer("init") { () async throws in
                            try await TicketLedger()
                        }
                    }
                }
            }

            extension TicketLedger: ComponentFactory.SelfRegistering {
            }
            """)
    }

    @Test func aMainActorClassSkipsGetOnlyComputedAndStaticMembers() {
        expect("""
            @MainActor @Component
            final class SeatMap {
                var seats: [String] = []
                var free: Int { seats.count }
                lazy var rows: Int = 1
                static var shared: Int = 0
                init() async {}
            }
            """, expands: """
            @MainActor
            final class SeatMap {
                var seats: [String] = []
                var free: Int { seats.count }
                lazy var rows: Int = 1
                static var shared: Int = 0
                init() async {}

                /// The registration `@Component` wrote from this type's declarations.
                enum Registration: ComponentFactory.ComponentRegistration {
                    typealias Component = SeatMap
                    static var name: String {
                        "SeatMap"
                    }
                    static var conformances: [Any.Type] {
                        []
                    }
                    static var isolation: ComponentFactory.Isolation {
                        .mainActor
                    }
                    static func register(in builder: inout ComponentFactory.RegistrationBuilder<SeatMap>) {
                        builder.property("seats") { @MainActor (component: SeatMap, value: [String]) async in
                            component.seats = value
                        }
                        builder.property("rows") { @MainActor (component: SeatMap, value: Int) async in
                            component.rows = value
                        }
                        builder.initializer("init") { @MainActor () async in
                            await SeatMap()
                        }
                    }
                }
            }

            extension SeatMap: ComponentFactory.SelfRegistering {
            }
            """)
    }

    @Test func aMainActorStructSkipsGetOnlyComputedAndStaticMembersButRefusesALazyVar() {
        expect("""
            @MainActor @Component
            struct Banner {
                let text: String
                var length: Int { text.count }
                static var shared: Int = 0
                init(text: String) { self.text = text }
            }
            """, expands: """
            @MainActor
            struct Banner {
                let text: String
                var length: Int { text.count }
                static var shared: Int = 0
                init(text: String) { self.text = text }

                /// The registration `@Component` wrote from this type's declarations.
                enum Registration: ComponentFactory.ComponentRegistration {
                    typealias Component = Banner
                    static var name: String {
                        "Banner"
                    }
                    static var conformances: [Any.Type] {
                        []
                    }
                    static var isolation: ComponentFactory.Isolation {
                        .mainActor
                    }
                    static func register(in builder: inout ComponentFactory.RegistrationBuilder<Banner>) {
                        builder.initializer("init(text:)") { @MainActor (text: String) async in
                            Banner(text: text)
                        }
                        builder.initializer("initWithText:") { @MainActor (text: String) async in
                            Banner(text: text)
                        }
                    }
                }
            }

            extension Banner: ComponentFactory.SelfRegistering {
            }
            """)
        expect("""
            @MainActor @Component
            struct Banner {
                lazy var width: Int = 1
                init() {}
            }
            """, expands: """
            @MainActor
            struct Banner {
                lazy var width: Int = 1
                init() {}
            }
            """, diagnostics: [
                DiagnosticSpec(message: "@Component cannot inject this property: a struct isolated to a global actor is set on "
                               + "that actor, where a copy cannot be changed in place; take it in an initializer, or mark it "
                               + "@ComponentIgnored", line: 3, column: 10, fixIts: [FixItSpec(message: "mark it @ComponentIgnored")]),
            ])
    }

    @Test func anAsyncCallbackOnATypeThatIsNotSendableIsAnError() {
        expect("""
            @Component
            final class Loader {
                init() {}
                @Callback func open() async {}
            }
            """, expands: """
            final class Loader {
                init() {}
                func open() async {}
            }
            """, diagnostics: [
                DiagnosticSpec(message: "an async @Callback runs where the factory awaits it, so the type must be Sendable "
                               + "(or isolated to an actor)", line: 4, column: 20),
            ])
    }

    @Test func aMainActorStructsPropertyIsAnErrorWithAFixIt() {
        expect("""
            @MainActor @Component
            struct Banner {
                var text: String = ""
                init() {}
            }
            """, expands: """
            @MainActor
            struct Banner {
                var text: String = ""
                init() {}
            }
            """, diagnostics: [
                DiagnosticSpec(message: "@Component cannot inject this property: a struct isolated to a global actor is set on "
                               + "that actor, where a copy cannot be changed in place; take it in an initializer, or mark it "
                               + "@ComponentIgnored", line: 3, column: 5, fixIts: [FixItSpec(message: "mark it @ComponentIgnored")]),
            ])
    }
}
