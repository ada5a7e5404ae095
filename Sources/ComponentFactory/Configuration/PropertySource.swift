import JavaProperties

/// A layer of configuration: a `.properties` file, environment variables, or
/// values set in code. An environment's configuration stacks them; a later layer wins.
///
/// Conform to add a source of your own; the stack never needs to change.
///
/// ```swift
/// struct FixedSource: PropertySource {
///     var name: String { "fixed" }
///     var listedKeys: [String] { ["answer"] }
///     func property(forKey key: String) -> PropertyValue? {
///         key == "answer" ? PropertyValue(text: "42", location: nil, sourceName: name) : nil
///     }
/// }
/// ```
public protocol PropertySource: Sendable {
    /// The source's name in diagnostics, where a value has no file:line.
    var name: String { get }
    /// The keys this source defines for listings such as `factory properties`.
    /// A source that only answers lookups (environment variables) lists none.
    var listedKeys: [String] { get }
    /// The listed keys with their raw values, ordered by key; by default,
    /// each of ``listedKeys`` looked up. A source that holds its pairs as
    /// bytes can hand them over without making strings.
    var listing: PropertyListing { get }
    /// The raw value of `key` with where it was written, or nil when this source does not define it.
    func property(forKey key: String) -> PropertyValue?
    /// Calls `changed` each time the source's values may have changed,
    /// until the task is cancelled: what a ``LiveFactory``'s `watch` awaits
    /// besides the files. By default a source never changes, and this returns at once.
    func watchChanges(_ changed: @escaping @Sendable () -> Void) async
}

extension PropertySource {
    /// Returns at once: the source never changes.
    public func watchChanges(_ changed: @escaping @Sendable () -> Void) async {}

    /// Each of ``listedKeys`` looked up, ordered by key.
    public var listing: PropertyListing {
        PropertyListing(pairs: listedKeys.compactMap { key in property(forKey: key).map { (key, $0.text) } })
    }
}
