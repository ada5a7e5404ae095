/// The stable codes of design.md. Scripts and tests match on the raw values,
/// so a raw value never changes once released.
public enum DiagnosticCode: String, Sendable, Hashable, CaseIterable {
    // Assemblies and files
    /// The XML is not well formed, or breaks a bound (size, nesting, attributes per element).
    case malformedXML = "malformed-xml"
    /// The document breaks the assembly schema's order or counts.
    case schema
    /// An element the grammar does not have in that place.
    case unknownElement = "unknown-element"
    /// An attribute the element does not have.
    case unknownAttribute = "unknown-attribute"
    /// A required attribute is missing, such as `selector` on `<initializer>`.
    case missingAttribute = "missing-attribute"
    /// An attribute's value is not one it accepts, such as a scope that does not exist.
    case invalidAttributeValue = "invalid-attribute-value"
    /// Two components, or an alias and a key, share a key.
    case duplicateKey = "duplicate-key"
    /// A `ref`, `factory-component`, `depends-on` key or alias names no component.
    case unknownReference = "unknown-reference"
    /// A `parent` names no component, or the parent chain is too deep.
    case unknownParent = "unknown-parent"
    /// A reference names an abstract component, which is never built.
    case abstractReference = "abstract-reference"
    /// Components need each other to be built: the path is in the message.
    case initializerCycle = "initializer-cycle"
    /// Assemblies import each other in a loop.
    case importCycle = "import-cycle"
    /// An imported or given assembly cannot be read.
    case importNotFound = "import-not-found"
    /// The document declares an entity; refused against XXE and entity expansion.
    case xmlEntity = "xml-entity"
    /// A path leaves its root, directly or through a link.
    case pathOutsideRoot = "path-outside-root"
    // Properties and placeholders
    /// A `.properties` file, or the config root, cannot be read.
    case propertiesNotFound = "properties-not-found"
    /// A `.properties` file is not valid UTF-8 or has a malformed `\uXXXX`.
    case malformedProperties = "malformed-properties"
    /// A key is assigned twice in one file; the last wins (a warning).
    case duplicateProperty = "duplicate-property"
    /// A `${key}` that no layer defines and that has no default.
    case unresolvedPlaceholder = "unresolved-placeholder"
    /// Placeholders that lead back to themselves, or that grow or nest past their bounds.
    case placeholderCycle = "placeholder-cycle"
    // With a registry
    /// A `class=` that the registry does not have.
    case unknownClass = "unknown-class"
    /// A selector that the class has no initializer, class method or factory method for.
    case unknownInitializer = "unknown-initializer"
    /// An argument names a parameter that its selector does not have.
    case unknownParameter = "unknown-parameter"
    /// A parameter that no argument gives and that nothing can autowire.
    case missingArgument = "missing-argument"
    /// A `<property name=…>` that the class has not registered.
    case unknownProperty = "unknown-property"
    /// Added to design.md's list: a callback attribute names no registered callback.
    case unknownCallback = "unknown-callback"
    /// Text that does not convert to the type it is injected as.
    case conversion
    /// A component injected where its type does not fit.
    case typeMismatch = "type-mismatch"
    /// More than one component fits where one is looked up or autowired by type.
    case ambiguousType = "ambiguous-type"
    /// No component fits where one is looked up or autowired by type.
    case noComponentForType = "no-component-for-type"
    /// Added to design.md's list: building a component threw (a dry run, or eager singletons at load).
    case buildFailed = "build-failed"
    // Concurrency
    /// A component whose building can suspend (an async or isolated step, or
    /// one it needs), asked of the synchronous lookup or load; the chain that
    /// makes it so is in the message.
    case requiresAsync = "requires-async"
    // Servers
    /// A component marked `service="yes"` whose type is not a `Service`, with
    /// a registry that recognizes services (the lifecycle product's `recognizeServices()`).
    case notAService = "not-a-service"
    /// A longer-lived component needing a shorter-lived one: a service that
    /// needs a prototype, which it would keep for as long as it runs.
    case scopeWidening = "scope-widening"
    /// Added to design.md's list: a live factory's reload that changes a
    /// value a running singleton was built with, when neither it nor
    /// anything it needs is `reloadable`: the reload is refused, since the
    /// change could only apply after a restart.
    case notReloadable = "not-reloadable"
    // Configuration insight
    /// A key set in a `.properties` file that nothing reads in that
    /// environment: no assembly's placeholder, no value such a placeholder
    /// reads in turn, and no `<app-property>` (a warning).
    case unusedProperty = "unused-property"
    /// A typed settings field whose value breaks a constraint declared on
    /// it (a range, a pattern, not empty, one of a set), at the line that set it.
    case constraint
    // Compiled wiring
    /// Added to design.md's list: compiled wiring that does not fit what it
    /// is loaded with (the registry, the structural keys, or its own text);
    /// the message names what changed.
    case staleWiring = "stale-wiring"
}
