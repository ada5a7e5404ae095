// Loads a generated 10,000-component assembly into definitions with
// AssemblyReader, and in the same run, round by round: parses the same bytes
// with libxml2's own xmlReadMemory plus a full tree walk; loads the same
// components written as Spring beans into Spring's bean definitions with
// validation off (no XSD), in a JVM beside this process, when Spring's jars
// are installed; and parses with FoundationXML's XMLDocument. Prints each
// median and the ratios.
import BenchmarkInputs
import CLibXML2Baseline
@_spi(Tooling) import ComponentFactory
import Foundation
import FoundationXML

let componentCount = 10_000
let warmups = 3
let runs = 31

/// A deterministic assembly in the MiddleAges style: property and initializer
/// injection, references, values with placeholders, collections, callbacks.
func generateAssembly() -> [UInt8] {
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<assembly xmlns=\"http://www.typhoonframework.org/schema/assembly\">\n"
    xml += "    <property-placeholder location=\"app.properties\"/>\n"
    for index in 0..<componentCount {
        let previous = max(index - 1, 0)
        switch index % 4 {
        case 0:
            xml += """
                    <component class="Knight" key="knight\(index)" scope="object-graph">
                        <description>Knight number \(index) of the realm.</description>
                        <property name="quest" ref="quest\(previous)"/>
                        <property name="damselsRescued" value="${damsels.rescued}"/>
                        <property name="favoriteDamsels">
                            <collection requiredType="Array">
                                <value requiredType="String">Mary \(index)</value>
                                <value requiredType="String">Jane \(index)</value>
                            </collection>
                        </property>
                    </component>

                """
        case 1:
            xml += """
                    <component class="CampaignQuest" key="quest\(index)" scope="prototype"
                               before-property-injection="questBeforePropertyInjection" after-property-injection="questAfterPropertyInjection">
                        <property name="imageURL" value="https://quests.example.org/\(index)/grail.jpg"/>
                    </component>

                """
        case 2:
            xml += """
                    <component class="CavalryMan" key="cavalryMan\(index)" scope="singleton" lazy-init="yes">
                        <initializer selector="initWithQuest:hitRatio:">
                            <argument parameterName="quest" ref="quest\(previous)"/>
                            <argument index="1" value="13.75"/>
                        </initializer>
                        <property name="hasHorseWillTravel" value="yes"/>
                    </component>

                """
        default:
            xml += """
                    <component class="Sword" key="sword\(index)" factory-component="swordFactory">
                        <initializer selector="swordWithSpecification:">
                            <argument parameterName="specification" value="blade \(index)"/>
                        </initializer>
                    </component>

                """
        }
    }
    xml += "</assembly>\n"
    return Array(xml.utf8)
}

/// The same components as Spring beans, element for element and attribute
/// for attribute where Spring has one: object-graph is prototype, the two
/// property-injection callbacks are init-method and destroy-method, a factory
/// component is factory-bean. Placeholders stay text, as in ours.
func generateSpringBeans() -> [UInt8] {
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<beans>\n"
    for index in 0..<componentCount {
        let previous = max(index - 1, 0)
        switch index % 4 {
        case 0:
            xml += """
                    <bean class="Knight" id="knight\(index)" scope="prototype">
                        <description>Knight number \(index) of the realm.</description>
                        <property name="quest" ref="quest\(previous)"/>
                        <property name="damselsRescued" value="${damsels.rescued}"/>
                        <property name="favoriteDamsels">
                            <list>
                                <value type="java.lang.String">Mary \(index)</value>
                                <value type="java.lang.String">Jane \(index)</value>
                            </list>
                        </property>
                    </bean>

                """
        case 1:
            xml += """
                    <bean class="CampaignQuest" id="quest\(index)" scope="prototype"
                               init-method="questBeforePropertyInjection" destroy-method="questAfterPropertyInjection">
                        <property name="imageURL" value="https://quests.example.org/\(index)/grail.jpg"/>
                    </bean>

                """
        case 2:
            xml += """
                    <bean class="CavalryMan" id="cavalryMan\(index)" scope="singleton" lazy-init="true">
                        <constructor-arg name="quest" ref="quest\(previous)"/>
                        <constructor-arg index="1" value="13.75"/>
                        <property name="hasHorseWillTravel" value="true"/>
                    </bean>

                """
        default:
            xml += """
                    <bean class="Sword" id="sword\(index)" factory-bean="swordFactory" factory-method="swordWithSpecification">
                        <constructor-arg name="specification" value="blade \(index)"/>
                    </bean>

                """
        }
    }
    xml += "</beans>\n"
    return Array(xml.utf8)
}

/// libxml2 alone: parse with the reader's options, then visit every node and
/// every attribute value, as a walk that builds nothing must.
func libxml2ParseAndWalk(_ bytes: [UInt8]) -> Int {
    let options = Int32(bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
        | XML_PARSE_NOWARNING.rawValue | XML_PARSE_BIG_LINES.rawValue)
    let document = bytes.withUnsafeBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
            xmlReadMemory($0, Int32(buffer.count), "bench.xml", nil, options)
        }
    }
    guard let document else { return -1 }
    defer { xmlFreeDoc(document) }
    var visited = 0
    var stack: [xmlNodePtr] = []
    if let root = xmlDocGetRootElement(document) { stack.append(root) }
    while let node = stack.popLast() {
        visited += Int(xmlGetLineNo(node) & 1) + 1
        if let name = node.pointee.name { visited += strlen(name) }
        var attribute = node.pointee.properties
        while let current = attribute {
            if let text = current.pointee.children?.pointee.content { visited += strlen(text) }
            attribute = current.pointee.next
        }
        if node.pointee.type == XML_TEXT_NODE, let content = node.pointee.content { visited += strlen(content) }
        var child = node.pointee.children
        while let next = child {
            stack.append(next)
            child = next.pointee.next
        }
    }
    return visited
}

func foundationXML(_ data: Data) -> Int {
    guard let document = try? XMLDocument(data: data, options: []) else { return -1 }
    return document.rootElement()?.childCount ?? 0
}

/// What one contender's turn gives: a count to check, and the time of the
/// work when the contender measured it itself (a JVM across a pipe), or nil
/// to be timed here.
typealias Turn = (check: Int, measured: Duration?)

/// Times the contenders in turn, round after round, so that whatever else
/// the machine does in a moment weighs on all of them alike; returns each
/// one's median.
func measureInterleaved(_ contenders: [() -> Turn]) -> [(median: Duration, check: Int)] {
    var checks = [Int](repeating: 0, count: contenders.count)
    for _ in 0..<warmups {
        for (index, body) in contenders.enumerated() { checks[index] = body().check }
    }
    let clock = ContinuousClock()
    var times = [[Duration]](repeating: [], count: contenders.count)
    for _ in 0..<runs {
        for (index, body) in contenders.enumerated() {
            let start = clock.now
            let turn = body()
            times[index].append(turn.measured ?? clock.now - start)
            checks[index] = turn.check
        }
    }
    return contenders.indices.map { (times[$0].sorted()[runs / 2], checks[$0]) }
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

let bytes = generateAssembly()
let data = Data(bytes)
let javaDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Java")
let springBeans = FileManager.default.temporaryDirectory.appendingPathComponent("spring-beans-\(getpid()).xml")
try Data(generateSpringBeans()).write(to: springBeans)
defer { try? FileManager.default.removeItem(at: springBeans) }
let spring = JavaPeer(source: javaDirectory.appendingPathComponent("SpringAssemblyLoad.java"), mainClass: "SpringAssemblyLoad",
                      jars: ["spring3-beans", "spring3-core", "commons-logging"], package: "libspring-beans-java",
                      arguments: [springBeans.path])
var contenders: [() -> Turn] = [
    {
        let reading = AssemblyReader.read(bytes: bytes, file: "bench.xml")
        return (reading.diagnostics.isEmpty ? reading.document.components.count : -1, nil)
    },
    { (libxml2ParseAndWalk(bytes), nil) },
    { (foundationXML(data), nil) },
]
if let spring {
    contenders.append {
        let fields = spring.ask("round").map(JavaPeer.fields) ?? [:]
        guard let milliseconds = fields["ms"], let beans = fields["beans"] else { return (-1, nil) }
        return (Int(beans), .nanoseconds(Int64(milliseconds * 1e6)))
    }
}
let results = measureInterleaved(contenders)
let (ours, baseline, foundation) = (results[0], results[1], results[2])

print(String(format: "assembly: %d components, %.2f MB", componentCount, Double(bytes.count) / 1_000_000))
print(String(format: "AssemblyReader.read (definitions):      median %7.2f ms  (%d components)", milliseconds(ours.median), ours.check))
print(String(format: "libxml2 xmlReadMemory + tree walk:      median %7.2f ms", milliseconds(baseline.median)))
print(String(format: "FoundationXML XMLDocument(data:):       median %7.2f ms", milliseconds(foundation.median)))
if spring != nil {
    let springResult = results[3]
    print(String(format: "Spring XmlBeanDefinitionReader, no XSD: median %7.2f ms  (%d bean definitions)",
                 milliseconds(springResult.median), springResult.check))
    print(String(format: "ratio ours / Spring without its XSD: %.2fx", milliseconds(ours.median) / milliseconds(springResult.median)))
}
print(String(format: "ratio ours / libxml2: %.2fx; ours / FoundationXML: %.2fx",
             milliseconds(ours.median) / milliseconds(baseline.median), milliseconds(ours.median) / milliseconds(foundation.median)))
