/// What an argument, a property or a dictionary entry receives.
///
/// Plain data: a `ref=` or `value=` keeps its raw text, placeholders
/// included, with where it was written. (Collections hold their items in an
/// array, so the enum needs no `indirect` boxes.)
public enum InjectedValue: Sendable, Hashable {
    /// `ref="key"`: the component with that key.
    case reference(AttributeValue)
    /// `value="text"`, converted to the receiver's type; `requiredType` is a
    /// `required-class=` or `requiredType=` hint.
    case text(AttributeValue, requiredType: AttributeValue?)
    /// A `<collection>`.
    case collection(CollectionDefinition)
    /// `<null/>`.
    case null(SourceLocation)
    /// A property or an argument with no value at all: found by its type.
    case autowired
}

/// `<collection requiredType="Array|Set|Dictionary">` and its items.
public struct CollectionDefinition: Sendable, Hashable {
    /// Which collection `requiredType` asks for.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An array, the default.
        case array = "Array"
        /// A set.
        case set = "Set"
        /// A dictionary, from `<entry key=…>` items.
        case dictionary = "Dictionary"
    }

    /// `requiredType=` as written; nil means Array.
    public var kindAttribute: AttributeValue?
    /// The items, in order.
    public var items: [CollectionItem]
    /// Where the `<collection>` is.
    public var location: SourceLocation

    /// A collection definition.
    public init(kindAttribute: AttributeValue?, items: [CollectionItem], location: SourceLocation) {
        self.kindAttribute = kindAttribute
        self.items = items
        self.location = location
    }

    /// The kind; Typhoon's `NSArray`, `NSMutableArray`, `NSSet` and
    /// `NSDictionary` spellings count. Nil for anything else.
    public var kind: Kind? {
        guard let text = kindAttribute?.text else { return .array }
        switch text.lowercased() {
        case "array", "nsarray", "nsmutablearray": return .array
        case "set", "nsset", "nsmutableset": return .set
        case "dictionary", "nsdictionary", "nsmutabledictionary": return .dictionary
        default: return nil
        }
    }
}

/// One item of a collection.
public enum CollectionItem: Sendable, Hashable {
    /// `<ref>key</ref>`.
    case reference(AttributeValue)
    /// `<value requiredType="T">text</value>`.
    case value(AttributeValue, requiredType: AttributeValue?)
    /// `<entry key="k" ref=… | value=…/>`, for dictionaries.
    case entry(key: AttributeValue, value: InjectedValue)
    /// `<null/>`.
    case null(SourceLocation)
}
