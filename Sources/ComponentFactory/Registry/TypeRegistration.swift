/// Everything the registry knows about one type, under the name XML uses:
/// how to make it, what can be set on it, its callbacks and what it can be
/// found by. Inspecting it builds nothing.
///
/// ```swift
/// let knight = registry.registration(named: "Knight")
/// knight?.initializers.keys        // ["initWithQuest:"]
/// knight?.properties["quest"]?.type // Quest
/// ```
package struct TypeRegistration: Sendable, CustomStringConvertible {
    /// The name an assembly's `class=` uses.
    package let name: String
    /// The type, with the protocols and superclasses it was registered to be found by.
    package let type: ProducedType
    /// Where its code runs.
    package let isolation: Isolation
    /// Initializers and class methods, by selector.
    package let initializers: [String: InitializerRegistration]
    /// Methods that build other components when this one is a `factory-component`, by selector.
    package let factoryMethods: [String: InitializerRegistration]
    /// The settable properties, by name.
    package let properties: [String: PropertyRegistration]
    /// The callbacks, by name.
    package let callbacks: [String: CallbackRegistration]
    /// What the type does for the factory itself, if anything.
    package let roles: [InfrastructureRole]

    package var description: String {
        var lines = ["\(name) (\(type))" + (isolation == .nonisolated ? "" : ", \(isolation)")]
        if !type.conformances.isEmpty { lines.append("  found by: " + type.conformances.map(\.name).joined(separator: ", ")) }
        for (_, initializer) in initializers.sorted(by: { $0.key < $1.key }) {
            lines.append("  \(initializer.kind.rawValue) \(initializer)")
        }
        for (_, method) in factoryMethods.sorted(by: { $0.key < $1.key }) { lines.append("  factory method \(method)") }
        for (_, property) in properties.sorted(by: { $0.key < $1.key }) { lines.append("  property \(property)") }
        for (name, callback) in callbacks.sorted(by: { $0.key < $1.key }) {
            lines.append("  callback \(name)" + (callback.method.map { ", calls .\($0)()" } ?? ""))
        }
        return lines.joined(separator: "\n")
    }
}
