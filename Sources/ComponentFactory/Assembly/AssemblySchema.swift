import Foundation

/// The XML Schema of assemblies, `Assemblies/assembly.xsd`, built in so that
/// `factory schema` and the `schema` check need no file at run time. A test
/// keeps it identical to the file.
///
/// ```swift
/// print(AssemblySchema.text)  // what `factory schema` prints
/// ```
@_spi(Tooling)
public enum AssemblySchema {
    /// The schema, word for word as `Assemblies/assembly.xsd`.
    public static let text = #"""
<?xml version="1.0" encoding="UTF-8"?>
<!--
  The grammar of ComponentFactory assemblies: Typhoon 1.x's, kept compatible,
  plus import, profile, alias, abstract, init-method, destroy-method, depends-on,
  entry and null.
  Documents may use this namespace or none. `factory schema` prints this file.
-->
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema"
            xmlns="http://www.typhoonframework.org/schema/assembly"
            targetNamespace="http://www.typhoonframework.org/schema/assembly"
            elementFormDefault="qualified"
            attributeFormDefault="unqualified">

    <xsd:element name="assembly">
        <xsd:annotation>
            <xsd:documentation>The root: components, their configuration files and other assemblies.</xsd:documentation>
        </xsd:annotation>
        <xsd:complexType>
            <xsd:sequence>
                <xsd:element ref="description" minOccurs="0"/>
                <xsd:choice minOccurs="0" maxOccurs="unbounded">
                    <xsd:element ref="property-placeholder"/>
                    <xsd:element ref="app-property"/>
                    <xsd:element ref="service-group"/>
                    <xsd:element ref="import"/>
                    <xsd:element ref="component"/>
                    <xsd:element ref="alias"/>
                    <xsd:element ref="profile"/>
                </xsd:choice>
            </xsd:sequence>
        </xsd:complexType>
    </xsd:element>

    <xsd:element name="description" type="xsd:string">
        <xsd:annotation>
            <xsd:documentation>Free text, allowed first in any element, and ignored.</xsd:documentation>
        </xsd:annotation>
    </xsd:element>

    <xsd:element name="property-placeholder">
        <xsd:annotation>
            <xsd:documentation>Comma-separated .properties files, relative to the config root; later files win.</xsd:documentation>
        </xsd:annotation>
        <xsd:complexType>
            <xsd:attribute name="location" type="xsd:string" use="required"/>
        </xsd:complexType>
    </xsd:element>

    <xsd:element name="app-property">
        <xsd:annotation>
            <xsd:documentation>A key the app reads in its own code (key), or every key that starts with a prefix (prefix): not reported as unused-property. Give one of the two.</xsd:documentation>
        </xsd:annotation>
        <xsd:complexType>
            <xsd:attribute name="key" type="xsd:string"/>
            <xsd:attribute name="prefix" type="xsd:string"/>
        </xsd:complexType>
    </xsd:element>

    <xsd:element name="service-group">
        <xsd:annotation>
            <xsd:documentation>The bounds of the service group that runs the factory's services, as durations (30s, 2m): how long a graceful shutdown may take before the services are cancelled, and how long cancelled services may take. One per assembly set.</xsd:documentation>
        </xsd:annotation>
        <xsd:complexType>
            <xsd:attribute name="graceful-shutdown-timeout" type="xsd:string"/>
            <xsd:attribute name="cancellation-timeout" type="xsd:string"/>
        </xsd:complexType>
    </xsd:element>

    <xsd:element name="import">
        <xsd:annotation>
            <xsd:documentation>Another assembly, relative to this file. References work across files.</xsd:documentation>
        </xsd:annotation>
        <xsd:complexType>
            <xsd:attribute name="resource" type="xsd:string" use="required"/>
        </xsd:complexType>
    </xsd:element>

    <xsd:element name="alias">
        <xsd:annotation>
            <xsd:documentation>Another key for a component: ref="hero" then means the component "knight". An alias may not shadow a key.</xsd:documentation>
        </xsd:annotation>
        <xsd:complexType>
            <xsd:attribute name="name" type="xsd:string" use="required"/>
            <xsd:attribute name="alias" type="xsd:string" use="required"/>
        </xsd:complexType>
    </xsd:element>

    <xsd:element name="profile">
        <xsd:annotation>
            <xsd:documentation>Components that exist only where the expression matches the environment: "test,!production" (comma is OR, ! is NOT).</xsd:documentation>
        </xsd:annotation>
        <xsd:complexType>
            <xsd:sequence>
                <xsd:element ref="description" minOccurs="0"/>
                <xsd:element ref="component" minOccurs="0" maxOccurs="unbounded"/>
            </xsd:sequence>
            <xsd:attribute name="name" type="xsd:string" use="required"/>
        </xsd:complexType>
    </xsd:element>

    <xsd:element name="component">
        <xsd:annotation>
            <xsd:documentation>A component: a registered class, how to build it, and what to inject.</xsd:documentation>
        </xsd:annotation>
        <xsd:complexType>
            <xsd:sequence>
                <xsd:element ref="description" minOccurs="0"/>
                <xsd:choice minOccurs="0" maxOccurs="unbounded">
                    <xsd:element ref="initializer"/>
                    <xsd:element ref="property"/>
                </xsd:choice>
            </xsd:sequence>
            <xsd:attribute name="class" type="xsd:string">
                <xsd:annotation><xsd:documentation>The registered name of the type; may be a placeholder such as ${store.class}.</xsd:documentation></xsd:annotation>
            </xsd:attribute>
            <xsd:attribute name="key" type="xsd:string"/>
            <xsd:attribute name="scope" type="xsd:string">
                <xsd:annotation><xsd:documentation>object-graph (default; Typhoon's "default"), prototype, singleton, weak-singleton or request; any case, dashed or camelCase.</xsd:documentation></xsd:annotation>
            </xsd:attribute>
            <xsd:attribute name="lazy-init" type="xsd:string">
                <xsd:annotation><xsd:documentation>true, yes, false or no: a singleton built on first use.</xsd:documentation></xsd:annotation>
            </xsd:attribute>
            <xsd:attribute name="parent" type="xsd:string"/>
            <xsd:attribute name="abstract" type="xsd:string"/>
            <xsd:attribute name="factory-component" type="xsd:string"/>
            <xsd:attribute name="before-property-injection" type="xsd:string"/>
            <xsd:attribute name="after-property-injection" type="xsd:string"/>
            <xsd:attribute name="init-method" type="xsd:string"/>
            <xsd:attribute name="destroy-method" type="xsd:string"/>
            <xsd:attribute name="profile" type="xsd:string"/>
            <xsd:attribute name="depends-on" type="xsd:string">
                <xsd:annotation><xsd:documentation>Comma-separated keys built before this component and destroyed after it.</xsd:documentation></xsd:annotation>
            </xsd:attribute>
            <xsd:attribute name="service" type="xsd:string">
                <xsd:annotation><xsd:documentation>yes: run the singleton as a service of the lifecycle product's ServiceGroup, though its type is not declared one.</xsd:documentation></xsd:annotation>
            </xsd:attribute>
            <xsd:attribute name="service-finished" type="xsd:string">
                <xsd:annotation><xsd:documentation>When the service's run() returns: cancel-group (the default), shutdown-group or ignore.</xsd:documentation></xsd:annotation>
            </xsd:attribute>
            <xsd:attribute name="seeded" type="xsd:string">
                <xsd:annotation><xsd:documentation>yes: a request component whose instance is given when a scope is opened (factory.openScope(seeding:)), never built.</xsd:documentation></xsd:annotation>
            </xsd:attribute>
            <xsd:attribute name="service-failed" type="xsd:string">
                <xsd:annotation><xsd:documentation>When the service's run() throws: cancel-group (the default), shutdown-group or ignore.</xsd:documentation></xsd:annotation>
            </xsd:attribute>
            <xsd:attribute name="reloadable" type="xsd:string">
                <xsd:annotation><xsd:documentation>yes: a singleton that a live factory builds anew, with what needs it, when the configuration changes and the new values validate.</xsd:documentation></xsd:annotation>
            </xsd:attribute>
        </xsd:complexType>
    </xsd:element>

    <xsd:element name="initializer">
        <xsd:annotation>
            <xsd:documentation>initWithQuest:hitRatio: gives the parameters quest and hitRatio; init(quest:hitRatio:) is accepted too.</xsd:documentation>
        </xsd:annotation>
        <xsd:complexType>
            <xsd:sequence>
                <xsd:element ref="description" minOccurs="0"/>
                <xsd:element ref="argument" minOccurs="0" maxOccurs="unbounded"/>
            </xsd:sequence>
            <xsd:attribute name="selector" type="xsd:string" use="required"/>
            <xsd:attribute name="is-class-method" type="xsd:string"/>
        </xsd:complexType>
    </xsd:element>

    <xsd:complexType name="valueHolder">
        <xsd:sequence>
            <xsd:element ref="description" minOccurs="0"/>
            <xsd:choice minOccurs="0">
                <xsd:element ref="collection"/>
                <xsd:element ref="null"/>
            </xsd:choice>
        </xsd:sequence>
        <xsd:attribute name="ref" type="xsd:string"/>
        <xsd:attribute name="value" type="xsd:string"/>
    </xsd:complexType>

    <xsd:element name="argument">
        <xsd:annotation>
            <xsd:documentation>By ref, by value, by collection, or, with none of them, autowired by the parameter's type.</xsd:documentation>
        </xsd:annotation>
        <xsd:complexType>
            <xsd:complexContent>
                <xsd:extension base="valueHolder">
                    <xsd:attribute name="parameterName" type="xsd:string"/>
                    <xsd:attribute name="index" type="xsd:nonNegativeInteger"/>
                    <xsd:attribute name="required-class" type="xsd:string"/>
                </xsd:extension>
            </xsd:complexContent>
        </xsd:complexType>
    </xsd:element>

    <xsd:element name="property">
        <xsd:annotation>
            <xsd:documentation>By ref, by value, by collection, or, with none of them, autowired by type.</xsd:documentation>
        </xsd:annotation>
        <xsd:complexType>
            <xsd:complexContent>
                <xsd:extension base="valueHolder">
                    <xsd:attribute name="name" type="xsd:string" use="required"/>
                </xsd:extension>
            </xsd:complexContent>
        </xsd:complexType>
    </xsd:element>

    <xsd:element name="collection">
        <xsd:complexType>
            <xsd:sequence>
                <xsd:element ref="description" minOccurs="0"/>
                <xsd:choice minOccurs="0" maxOccurs="unbounded">
                    <xsd:element ref="ref"/>
                    <xsd:element ref="value"/>
                    <xsd:element ref="entry"/>
                    <xsd:element ref="null"/>
                </xsd:choice>
            </xsd:sequence>
            <xsd:attribute name="requiredType" type="xsd:string">
                <xsd:annotation><xsd:documentation>Array (default), Set or Dictionary.</xsd:documentation></xsd:annotation>
            </xsd:attribute>
        </xsd:complexType>
    </xsd:element>

    <xsd:element name="ref" type="xsd:string"/>

    <xsd:element name="value">
        <xsd:complexType>
            <xsd:simpleContent>
                <xsd:extension base="xsd:string">
                    <xsd:attribute name="requiredType" type="xsd:string"/>
                </xsd:extension>
            </xsd:simpleContent>
        </xsd:complexType>
    </xsd:element>

    <xsd:element name="entry">
        <xsd:annotation>
            <xsd:documentation>A dictionary entry.</xsd:documentation>
        </xsd:annotation>
        <xsd:complexType>
            <xsd:complexContent>
                <xsd:extension base="valueHolder">
                    <xsd:attribute name="key" type="xsd:string" use="required"/>
                </xsd:extension>
            </xsd:complexContent>
        </xsd:complexType>
    </xsd:element>

    <xsd:element name="null">
        <xsd:complexType/>
    </xsd:element>
</xsd:schema>
"""#

    /// The schema with the `class` attribute narrowed to `classNames`, or a
    /// placeholder such as `${store.class}`: what an app's own tool prints
    /// for `schema`, so that editors that read only XSDs complete the
    /// registered names too.
    ///
    /// ```swift
    /// AssemblySchema.text(classNames: registry.names)  // <xsd:enumeration value="Knight"/>…
    /// ```
    public static func text(classNames: [String]) -> String {
        let opening = #"<xsd:attribute name="class" type="xsd:string">"#
        guard let start = text.range(of: opening), let annotationEnd = text.range(of: "</xsd:annotation>", range: start.upperBound..<text.endIndex)
        else { return text }
        let indent = "                "
        let enumerations = Array(Set(classNames)).sorted().map { "\(indent)            <xsd:enumeration value=\"\(xmlEscaped($0))\"/>\n" }.joined()
        let type = "\n\(indent)<xsd:simpleType>\n\(indent)    <xsd:union>\n"
            + "\(indent)        <xsd:simpleType>\n\(indent)            <xsd:restriction base=\"xsd:string\">\n" + enumerations
            + "\(indent)            </xsd:restriction>\n\(indent)        </xsd:simpleType>\n"
            + "\(indent)        <xsd:simpleType>\n\(indent)            <xsd:restriction base=\"xsd:string\"><xsd:pattern value=\".*$\\{.*\"/></xsd:restriction>\n"
            + "\(indent)        </xsd:simpleType>\n\(indent)    </xsd:union>\n\(indent)</xsd:simpleType>"
        return String(text[..<start.lowerBound]) + #"<xsd:attribute name="class">"# + String(text[start.upperBound..<annotationEnd.upperBound])
            + type + String(text[annotationEnd.upperBound...])
    }

    /// `schema` for documents in no namespace: the same grammar with no
    /// target namespace, for XSD-only editors, which match a schema to a
    /// document by namespace (`xsi:noNamespaceSchemaLocation`).
    ///
    /// ```swift
    /// AssemblySchema.withoutNamespace(AssemblySchema.text)  // what `factory schema --no-namespace` prints
    /// ```
    public static func withoutNamespace(_ schema: String) -> String {
        schema.replacingOccurrences(of: "\n            xmlns=\"\(AssemblyReader.namespace)\"", with: "")
            .replacingOccurrences(of: "\n            targetNamespace=\"\(AssemblyReader.namespace)\"", with: "")
    }

    private static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The schema parsed once, on first use, for every file after: parsing it
    /// costs more than validating a small assembly, and imports may bring thousands.
    static let parsed = ParsedSchema.parse(text)
}
