/// The stable codes of design.md. Scripts and tests match on the raw values,
/// so a raw value never changes once released.
public enum DiagnosticCode: String, Sendable, Hashable, CaseIterable {
    // Assemblies and files
    case malformedXML = "malformed-xml"
    case schema
    case unknownElement = "unknown-element"
    case unknownAttribute = "unknown-attribute"
    case missingAttribute = "missing-attribute"
    case invalidAttributeValue = "invalid-attribute-value"
    case duplicateKey = "duplicate-key"
    case unknownReference = "unknown-reference"
    case unknownParent = "unknown-parent"
    case abstractReference = "abstract-reference"
    case initializerCycle = "initializer-cycle"
    case importCycle = "import-cycle"
    case importNotFound = "import-not-found"
    case xmlEntity = "xml-entity"
    case pathOutsideRoot = "path-outside-root"
    // Properties and placeholders
    case propertiesNotFound = "properties-not-found"
    case malformedProperties = "malformed-properties"
    case duplicateProperty = "duplicate-property"
    case unresolvedPlaceholder = "unresolved-placeholder"
    case placeholderCycle = "placeholder-cycle"
    // With a registry
    case unknownClass = "unknown-class"
    case unknownInitializer = "unknown-initializer"
    case unknownParameter = "unknown-parameter"
    case missingArgument = "missing-argument"
    case unknownProperty = "unknown-property"
    /// Added to design.md's list: a callback attribute names no registered callback.
    case unknownCallback = "unknown-callback"
    case conversion
    case typeMismatch = "type-mismatch"
    case ambiguousType = "ambiguous-type"
    case noComponentForType = "no-component-for-type"
    /// Added to design.md's list: building a component threw (a dry run, or eager singletons at load).
    case buildFailed = "build-failed"
}
