/// How one argument, property or collection item is given, as shape: a
/// component by key, or a site whose text a load resolves and converts.
@_spi(Tooling)
public indirect enum WiringValue: Sendable, Equatable {
    /// The plan with this key, or a parent factory's component of it.
    case component(String)
    /// `value=` (or a `<value>`), with its `requiredType=` hint: the text as written, placeholders unresolved.
    case site(AttributeValue, hint: AttributeValue?)
    /// `<null/>`.
    case null
    /// A registered settings type, autowired: bound at load.
    case settings
    /// An `Array` or `Set`, its items in order.
    case collection([WiringValue])
    /// A `Dictionary`, each key a site.
    case dictionary([Entry])

    /// One entry of a dictionary.
    public struct Entry: Sendable, Equatable {
        /// The entry's key: a site, converted to the dictionary's key type.
        public var key: AttributeValue
        /// Its value.
        public var value: WiringValue

        /// The entry `key`, given `value`.
        public init(key: AttributeValue, value: WiringValue) {
            self.key = key
            self.value = value
        }
    }
}
