@_spi(Tooling) import ComponentFactory
import Testing

@Suite struct AssemblyReaderTests {
    private func read(_ xml: String) -> AssemblyReader.Reading {
        AssemblyReader.read(bytes: Array(xml.utf8), file: "test.xml", checkSchema: true)
    }

    private func component(_ key: String, in reading: AssemblyReader.Reading) -> ComponentDefinition? {
        reading.document.components.first { $0.key == key }
    }

    @Test func typhoonNamespaceAndNoNamespaceReadTheSame() {
        let body = #"<component class="Knight" key="knight" scope="singleton"/>"#
        let plain = read("<assembly>\(body)</assembly>")
        let namespaced = read(#"<assembly xmlns="http://www.typhoonframework.org/schema/assembly">\#(body)</assembly>"#)
        #expect(plain.diagnostics.isEmpty && namespaced.diagnostics.isEmpty)
        #expect(plain.document.components.map(\.key) == namespaced.document.components.map(\.key))
        #expect(component("knight", in: plain)?.scope == .singleton)
    }

    @Test func foreignNamespaceIsAnUnknownElement() {
        #expect(read(#"<assembly xmlns="urn:other"/>"#).diagnostics.map(\.code) == [.unknownElement])
    }

    @Test func everyComponentAttributeIsRead() {
        let reading = read("""
            <assembly>
              <component class="Knight" key="knight" scope="weakSingleton" lazy-init="YES" parent="base" abstract="no"
                         factory-component="forge" before-property-injection="before" after-property-injection="after"
                         init-method="start" destroy-method="stop" profile="test"/>
            </assembly>
            """)
        #expect(reading.diagnostics.isEmpty)
        let knight = component("knight", in: reading)
        #expect(knight?.scope == .weakSingleton)
        #expect(knight?.isLazy == true)
        #expect(knight?.isAbstract == false)
        #expect(knight?.parent?.text == "base")
        #expect(knight?.factoryComponent?.text == "forge")
        #expect(knight?.beforePropertyInjection?.text == "before")
        #expect(knight?.afterPropertyInjection?.text == "after")
        #expect(knight?.initMethod?.text == "start")
        #expect(knight?.destroyMethod?.text == "stop")
        #expect(knight?.profiles.map(\.text) == ["test"])
        #expect(knight?.location == SourceLocation(file: "test.xml", line: 2, column: 3))
        #expect(knight?.parent?.location == SourceLocation(file: "test.xml", line: 2, column: 80))
    }

    @Test func tagsInsideCommentsCDATAAndProcessingInstructionsDoNotShiftPositions() {
        let reading = read("""
            <assembly>
              <!-- <component class="Ghost" key="ghost"/> --><?note <component key="pi"/> ?>
              <component class="Knight" key="knight"><property name="mottos"><collection><value><![CDATA[<component key="raw"/>]]></value></collection></property></component>
              <!-- a comment - with a dash - inside --> <component class="Squire" key="squire" parent="knight"/>
            </assembly>
            """)
        #expect(reading.diagnostics.isEmpty)
        #expect(reading.document.components.map(\.key) == ["knight", "squire"])
        #expect(component("knight", in: reading)?.location == SourceLocation(file: "test.xml", line: 3, column: 3))
        #expect(component("squire", in: reading)?.location == SourceLocation(file: "test.xml", line: 4, column: 45))
        #expect(component("squire", in: reading)?.parent?.location == SourceLocation(file: "test.xml", line: 4, column: 84))
    }

    @Test func initializerArgumentsByNameAndIndexWithSelectorParameterNames() {
        let reading = read("""
            <assembly>
              <component class="CavalryMan" key="cavalryMan">
                <initializer selector="initWithQuest:hitRatio:">
                  <argument parameterName="quest" ref="quest"/>
                  <argument index="1" value="13.75" required-class="Double"/>
                </initializer>
              </component>
            </assembly>
            """)
        let initializer = component("cavalryMan", in: reading)?.initializer
        #expect(initializer?.parameterNames == ["quest", "hitRatio"])
        #expect(initializer?.arguments.map { $0.parameterName?.text } == ["quest", nil])
        #expect(initializer?.arguments.last?.index?.text == "1")
        guard case .text(let value, let requiredType) = initializer?.arguments.last?.value else {
            Issue.record("expected a value")
            return
        }
        #expect(value.text == "13.75")
        #expect(requiredType?.text == "Double")
    }

    @Test func selectorParameterNamesFollowTyphoonsRuleAndSwiftsForm() {
        #expect(SelectorParameters.names(of: "initWithQuest:hitRatio:") == ["quest", "hitRatio"])
        #expect(SelectorParameters.names(of: "URLWithString:") == ["string"])
        #expect(SelectorParameters.names(of: "initWithCROPrototypeB:") == ["cROPrototypeB"])
        #expect(SelectorParameters.names(of: "init(quest:hitRatio:)") == ["quest", "hitRatio"])
        #expect(SelectorParameters.names(of: "init()") == [])
        #expect(SelectorParameters.names(of: "new") == [])
    }

    @Test func propertiesByReferenceValueCollectionNullAndAutowiring() {
        let reading = read("""
            <assembly>
              <component class="Knight" key="knight">
                <property name="quest" ref="quest"/>
                <property name="damsels" value="${damsels.rescued}"/>
                <property name="horse"/>
                <property name="squire"><null/></property>
                <property name="armoury">
                  <collection requiredType="Dictionary">
                    <entry key="sword" ref="blueSword"/>
                    <entry key="motto" value="Ni!"/>
                  </collection>
                </property>
                <property name="friends">
                  <collection requiredType="Set"><ref> knight </ref><value requiredType="String">Robin</value><null/></collection>
                </property>
              </component>
            </assembly>
            """)
        #expect(reading.diagnostics.isEmpty)
        let properties = component("knight", in: reading)?.properties ?? []
        #expect(properties.map(\.name.text) == ["quest", "damsels", "horse", "squire", "armoury", "friends"])
        #expect(properties[2].value == .autowired)
        if case .null = properties[3].value {} else { Issue.record("squire should be null") }
        guard case .collection(let armoury) = properties[4].value, case .collection(let friends) = properties[5].value else {
            Issue.record("expected collections")
            return
        }
        #expect(armoury.kind == .dictionary)
        #expect(armoury.items.count == 2)
        #expect(friends.kind == .set)
        guard case .reference(let friend) = friends.items.first else {
            Issue.record("expected a reference")
            return
        }
        #expect(friend.text == "knight")
    }

    @Test func profileElementAndAttributeBothApply() {
        let reading = read("""
            <assembly>
              <profile name="test,development">
                <description>Stubs for local work.</description>
                <component class="StubStore" key="store" profile="!development"/>
              </profile>
            </assembly>
            """)
        let store = component("store", in: reading)
        #expect(store?.profiles.map(\.text) == ["test,development", "!development"])
        #expect(store?.isActive(in: "test") == true)
        #expect(store?.isActive(in: "development") == false)
        #expect(store?.isActive(in: "production") == false)
    }

    @Test func descriptionIsIgnoredAtEveryLevel() {
        let reading = read("""
            <assembly>
              <description>top</description>
              <component class="Knight" key="knight">
                <description>component</description>
                <initializer selector="initWithQuest:">
                  <description>initializer</description>
                  <argument parameterName="quest"><description>argument</description><collection><description>c</description></collection></argument>
                </initializer>
                <property name="a" value="b"><description>property</description></property>
              </component>
            </assembly>
            """)
        #expect(reading.diagnostics.isEmpty)
        #expect(reading.document.components.count == 1)
    }

    @Test func characterReferencesAreDecodedInAttributesAndText() {
        let reading = read(#"<assembly><component class="K" key="k"><property name="motto" value="a &amp; b &#65;&#x42; &lt;c&gt;"/>"#
            + #"<property name="list"><collection><value>x &amp; y</value><value><![CDATA[<raw>]]></value></collection></property>"#
            + "</component></assembly>")
        #expect(reading.diagnostics.isEmpty)
        let properties = reading.document.components.first?.properties ?? []
        guard case .text(let motto, _) = properties.first?.value, case .collection(let list) = properties.last?.value else {
            Issue.record("expected a value and a collection")
            return
        }
        #expect(motto.text == "a & b AB <c>")
        #expect(list.items.map { item -> String in if case .value(let text, _) = item { text.text } else { "" } } == ["x & y", "<raw>"])
    }

    @Test func componentWithoutKeyGetsAGeneratedOne() {
        let reading = read("<assembly>\n<component class=\"NSNullTypeConverter\"/>\n</assembly>")
        #expect(reading.document.components.first?.key == "NSNullTypeConverter@test.xml:2")
        #expect(reading.document.components.first?.keyAttribute == nil)
    }

    @Test func placeholderLocationsAndImportsAreRecorded() {
        let reading = read(#"<assembly><property-placeholder location="a.properties, b-${env}.properties"/><import resource="more.xml"/></assembly>"#)
        #expect(reading.document.placeholders.first?.locations.map(\.text) == ["a.properties", "b-${env}.properties"])
        #expect(reading.document.imports.map(\.resource.text) == ["more.xml"])
    }

    @Test func secondInitializerIsASchemaError() {
        let reading = read(#"<assembly><component class="K" key="k"><initializer selector="init"/><initializer selector="init"/></component></assembly>"#)
        #expect(reading.diagnostics.map(\.code) == [.schema])
    }

    @Test func theSchemaIsCheckedAtTheLineOfTheMistakeWithOrWithoutTheNamespace() {
        let body = """
            <component class="K" key="k">
                <property name="a" value="1"/>
                <description>too late</description>
            </component>
            <component class="K" key="j"><initializer selector="initWithA:"><argument index="-1" value="1"/></initializer></component>
        </assembly>
        """
        for root in ["<assembly>", #"<assembly xmlns="http://www.typhoonframework.org/schema/assembly">"#] {
            // The grammar finds the late description; the index out of range is the compiler's (invalid-attribute-value).
            let reading = read(root + "\n" + body)
            #expect(reading.diagnostics.map(\.code) == [.schema], "\(root)")
            #expect(reading.diagnostics.map { $0.location?.line } == [4], "\(root)")
            #expect(reading.document.components.map(\.key) == ["k", "j"], "\(root)")
        }
    }

    @Test func schemaFindingsWaitUntilTheGrammarIsClean() {
        // An unknown element is also a schema violation; it is reported once, by the grammar.
        let reading = read(#"<assembly><component class="K" key="k"><propery name="a" value="1"/></component></assembly>"#)
        #expect(reading.diagnostics.map(\.code) == [.unknownElement])
    }

    @Test func withoutTheSchemaCheckOrderingIsStillAnError() {
        // The grammar holds the schema's ordering rule, so an app's load, which runs no XSD pass, refuses it too.
        let xml = #"<assembly><component class="K" key="k"><property name="a" value="1"/><description>late</description></component></assembly>"#
        #expect(AssemblyReader.read(bytes: Array(xml.utf8), file: "test.xml").diagnostics.map(\.code) == [.schema])
        #expect(read(xml).diagnostics.map(\.code) == [.schema])
    }

    @Test func argumentWithNeitherNameNorIndexIsMissingAttribute() {
        let reading = read(#"<assembly><component class="K" key="k"><initializer selector="initWithA:"><argument value="1"/></initializer></component></assembly>"#)
        #expect(reading.diagnostics.map(\.code) == [.missingAttribute])
    }

    @Test func scopeSpellingsAndProfileExpressions() throws {
        #expect(Scope(parsing: "default") == .objectGraph)
        #expect(Scope(parsing: "Object-Graph") == .objectGraph)
        #expect(Scope(parsing: "WEAKSINGLETON") == .weakSingleton)
        #expect(Scope(parsing: "weak-singleton") == .weakSingleton)
        #expect(Scope(parsing: "singelton") == nil)
        let expression = try ProfileExpression(parsing: "test, !production")
        #expect(expression.matches(environment: "test"))
        #expect(expression.matches(environment: "development"))
        #expect(!expression.matches(environment: "production"))
        #expect(throws: ProfileExpressionError.self) { try ProfileExpression(parsing: "test,,prod") }
        #expect(throws: ProfileExpressionError.self) { try ProfileExpression(parsing: "te st") }
    }
}
