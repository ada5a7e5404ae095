@_spi(Tooling) import ComponentFactory
import ComponentFactoryMacros
import ComponentFactoryTesting
import Foundation
import Testing

/// Factories built from types that @Component registered.
@Suite struct MacroRegistrationTests {
    private func registry() throws -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(Lute.self)
        registry.register(Bard.self)
        try registry.register(TravellingBard.Registration.self, inheriting: Bard.self)
        registry.register(Tavern.self)
        return registry
    }

    private func factory(_ assembly: String, _ registry: ComponentRegistry? = nil) throws -> Factory {
        let directory = try TemporaryDirectory()
        let path = try directory.write("app.xml", assembly)
        return try Factory.load(assemblies: [.path(path)], registry: registry ?? self.registry())
    }

    @Test func initializerAndPropertyInjectionCollectionsOptionalsAndProtocols() throws {
        let factory = try factory("""
            <assembly>
                <component class="Lute" key="lute">
                    <initializer selector="initWithStrings:"><argument parameterName="strings" value="6"/></initializer>
                </component>
                <component class="Minstrel" key="bard">
                    <initializer selector="init(instrument:)"><argument parameterName="instrument" ref="lute"/></initializer>
                    <property name="songs"><collection><value>Greensleeves</value><value>Scarborough Fair</value></collection></property>
                    <property name="patrons"><collection requiredType="Dictionary"><entry key="king" value="3"/></collection></property>
                    <property name="nickname"><null/></property>
                </component>
                <component class="Minstrel" key="quiet">
                    <initializer selector="init"/>
                </component>
            </assembly>
            """)
        let bard = try factory.component(forKey: "bard", as: Bard.self)
        #expect(bard.instrument?.sound == "plink ×6", "a component found by its protocol, through the Typhoon selector")
        #expect(bard.songs == ["Greensleeves", "Scarborough Fair"])
        #expect(bard.patrons == ["king": 3])
        #expect(bard.nickname == nil)
        #expect(try factory.component(forKey: "quiet", as: Bard.self).instrument == nil, "@Selector(\"init\") uses the defaults")
        #expect(try factory.component(ofType: (any Instrument).self).sound == "plink ×6", "conformsTo: finds it by its protocol")
    }

    @Test func callbacksRunByTheirNamesAndTheOverriddenName() throws {
        let factory = try factory("""
            <assembly>
                <component class="Minstrel" key="bard" after-property-injection="tune" destroy-method="bow" scope="singleton">
                    <initializer selector="init"/>
                </component>
            </assembly>
            """)
        let bard = try factory.component(forKey: "bard", as: Bard.self)
        #expect(bard.tuned && bard.log == ["tune"])
        try factory.shutdown()
        #expect(bard.log == ["tune", "bow"])
    }

    @Test func aSubclassTakesItsSuperclassPropertiesAndCallbacksAndAddsItsOwn() throws {
        let factory = try factory("""
            <assembly>
                <component class="Lute" key="lute"><initializer selector="init(strings:)"><argument parameterName="strings" value="4"/></initializer></component>
                <component class="TravellingBard" key="traveller" after-property-injection="tune">
                    <initializer selector="initWithInstrument:miles:">
                        <argument parameterName="instrument" ref="lute"/>
                        <argument parameterName="miles" value="12.5"/>
                    </initializer>
                    <property name="songs"><collection><value>On the Road</value></collection></property>
                </component>
            </assembly>
            """)
        let traveller = try factory.component(forKey: "traveller", as: TravellingBard.self)
        #expect(traveller.miles == 12.5 && traveller.songs == ["On the Road"] && traveller.tuned)
    }

    @Test func structsAndClassMethods() throws {
        let factory = try factory("""
            <assembly>
                <component class="Tavern" key="inn">
                    <initializer selector="tavernNamed:" is-class-method="yes"><argument index="0" value="The Prancing Pony"/></initializer>
                    <property name="capacity" value="40"/>
                </component>
            </assembly>
            """)
        let inn = try factory.component(forKey: "inn", as: Tavern.self)
        #expect(inn.name == "The Prancing Pony" && inn.capacity == 40 && inn.open)
    }

    @Test func aHandWrittenClosureAddsToTheMacrosRegistrationOnOneType() throws {
        var registry = ComponentRegistry()
        registry.register(Herald.self) { herald in
            herald.initializer("initWithMotto:") { (motto: String) in Herald(motto: motto, volume: 5) }
        }
        let registration = try #require(registry.registration(named: "Herald"))
        #expect(Set(registration.initializers.keys) == ["init(motto:volume:)", "initWithMotto:volume:", "initWithMotto:"])
        let factory = try factory("""
            <assembly>
                <component class="Herald" key="herald">
                    <initializer selector="initWithMotto:"><argument parameterName="motto" value="Hear ye"/></initializer>
                </component>
            </assembly>
            """, registry)
        #expect(try factory.component(forKey: "herald", as: Herald.self).volume == 5)
    }

    @Test func theMacroAndAHandWrittenRegistrationAreEqual() throws {
        var byMacro = ComponentRegistry()
        byMacro.register(Herald.self)
        var byHand = ComponentRegistry()
        // Through a generic function that does not know Herald is SelfRegistering: the closure alone, as before macros.
        func registerByHand<T>(_ type: T.Type, _ configure: (inout RegistrationBuilder<T>) -> Void) {
            byHand.register(type, name: "Herald", conformsTo: [CustomStringConvertible.self], configure)
        }
        registerByHand(Herald.self) { herald in
            herald.initializer("init(motto:volume:)") { (motto: String, volume: Int) in Herald(motto: motto, volume: volume) }
            herald.initializer("initWithMotto:volume:") { (motto: String, volume: Int) in Herald(motto: motto, volume: volume) }
            herald.property("motto", \.motto)
            herald.assignsProperty("motto", member: "motto")
            herald.property("volume", \.volume)
            herald.assignsProperty("volume", member: "volume")
        }
        let macro = try #require(byMacro.registration(named: "Herald"))
        let hand = try #require(byHand.registration(named: "Herald"))
        func selectors(_ registration: TypeRegistration) -> [String: [String]] {
            registration.initializers.mapValues { $0.parameters.map(\.description) }
        }
        #expect(selectors(macro) == selectors(hand))
        #expect(macro.properties.mapValues(\.description) == hand.properties.mapValues(\.description))
        #expect(macro.type.conformances.map(\.name) == hand.type.conformances.map(\.name))
        #expect(macro.type.identity == hand.type.identity)
        #expect(Set(macro.callbacks.keys) == Set(hand.callbacks.keys))
        #expect(selectors(macro)["initWithMotto:volume:"] == ["motto: String", "volume: Int"])
    }

    @Test func aMainActorTypeAndAnActorWithAnAsyncInitializerAreBuiltByTheAsyncLookup() async throws {
        var registry = ComponentRegistry()
        registry.register(Scoreboard.self)
        registry.register(Cellar.self)
        let directory = try TemporaryDirectory()
        let path = try directory.write("app.xml", """
            <assembly>
                <component class="Cellar" key="cellar" scope="singleton" init-method="unlock">
                    <initializer selector="init(casks:)"><argument parameterName="casks" value="12"/></initializer>
                </component>
                <component class="Scoreboard" key="board" after-property-injection="show">
                    <initializer selector="initWithCellar:"><argument parameterName="cellar" ref="cellar"/></initializer>
                    <property name="title" value="Casks"/>
                </component>
            </assembly>
            """)
        let factory = try await Factory.loadAsync(assemblies: [.path(path)], registry: registry)
        let board = try await factory.async.component(forKey: "board", as: Scoreboard.self)
        await MainActor.run {
            #expect(board.title == "Casks" && board.shown)
        }
        let cellar = try await factory.async.component(forKey: "cellar", as: Cellar.self)
        #expect(cellar === board.cellar, "the singleton actor is built once")
        #expect(cellar.casks == 12)
        #expect(await cellar.isOpen, "the actor's init-method ran on the actor")
        #expect(throws: DiagnosticReport.self, "the synchronous lookup refuses what can suspend") {
            try factory.component(forKey: "board", as: Scoreboard.self)
        }
        #expect(registry.registration(named: "Scoreboard")?.isolation == .mainActor)
        #expect(registry.registration(named: "Cellar")?.isolation == .actor)
    }
}
