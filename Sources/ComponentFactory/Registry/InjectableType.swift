/// What a parameter or a property accepts, described once at registration so
/// that checking and compiling plans never need reflection.
///
/// It knows whether the type is optional (`<null/>` gives nil), whether it is
/// an `Array`, `Set` or `Dictionary` filled from `<collection>`, how to convert
/// text to it with a factory's converters, and whether a component of some
/// registered type can be handed to it.
///
/// ```swift
/// let type = InjectableType(Int?.self)
/// type.isOptional      // true
/// type.identity.name   // "Int"
/// ```
@usableFromInline
package struct InjectableType: Sendable, CustomStringConvertible {
    /// The type itself, with any `Optional` removed.
    package let identity: TypeIdentity
    /// Whether the type is an `Optional`, so that `<null/>` or an absent value gives nil.
    package let isOptional: Bool
    /// Set for `Array`, `Set` and `Dictionary`.
    package let collection: CollectionShape?
    /// `Any`, `AnyObject` or `any Sendable`: every component fits, and text stays text unless a hint says otherwise.
    package let acceptsAnything: Bool
    private let convertText: @Sendable (TypeConverters, String) throws(ConversionFailure) -> any Sendable
    private let acceptsMetatype: @Sendable (Any.Type) -> Bool
    /// Makes `Optional<Wrapped>.none`, boxed, for `<null/>`.
    private let makeNil: (@Sendable () -> Any)?

    /// The shape of a collection type: its kind, element and (for dictionaries) key.
    package final class CollectionShape: Sendable {
        /// Array, set or dictionary.
        package let kind: CollectionDefinition.Kind
        /// The type of each element (each value, for a dictionary).
        package let element: InjectableType
        /// The type of a dictionary's keys; nil for arrays and sets.
        package let key: InjectableType?
        let make: @Sendable ([Any]) -> Any?
        let makeDictionary: @Sendable ([(Any, Any)]) -> Any?

        init(kind: CollectionDefinition.Kind, element: InjectableType, key: InjectableType?,
             make: @escaping @Sendable ([Any]) -> Any?, makeDictionary: @escaping @Sendable ([(Any, Any)]) -> Any?) {
            self.kind = kind
            self.element = element
            self.key = key
            self.make = make
            self.makeDictionary = makeDictionary
        }
    }

    /// The shape a `<collection>` written as `written` fills: the type's
    /// own, or for `Any` an `[Any]` (a `[String: Any]` for a dictionary); nil when the type is no collection.
    func collectionShape(written: CollectionDefinition.Kind) -> CollectionShape? {
        if acceptsAnything { return written == .dictionary ? [String: Any].shape : [Any].shape }
        return collection
    }

    /// `Optional<Wrapped>.none`, boxed, for `<null/>`; nil when the type is not optional.
    var nilValue: Any? { makeNil?() }

    /// The injectable form of `type`: what text it converts from and which components fit it.
    @usableFromInline
    package init<Value>(_ type: Value.Type) {
        if let optional = type as? any OptionalInjectable.Type {
            let wrapped = optional.wrappedInjectable
            self.identity = wrapped.identity
            self.isOptional = true
            self.collection = wrapped.collection
            self.acceptsAnything = wrapped.acceptsAnything
            self.convertText = wrapped.convertText
            self.acceptsMetatype = wrapped.acceptsMetatype
            self.makeNil = optional.makeNone
            return
        }
        self.identity = TypeIdentity(type)
        self.isOptional = false
        self.collection = (type as? any CollectionInjectable.Type)?.shape
        self.acceptsAnything = type == Any.self || type == AnyObject.self || type == (any Sendable).self
        self.convertText = { converters, text throws(ConversionFailure) in try converters.convert(text, toTypeOf: Value.self) }
        self.acceptsMetatype = { $0 is Value.Type }
        self.makeNil = nil
    }

    @usableFromInline
    package var description: String { isOptional ? "\(identity.name)?" : identity.name }

    /// Converts text with `converters`, strictly.
    package func convert(_ text: String, with converters: TypeConverters) throws(ConversionFailure) -> any Sendable {
        try convertText(converters, text)
    }

    /// Whether a component whose type is `registration`'s fits here: the same
    /// type, a declared conformance, or a subclass.
    package func accepts(_ produced: ProducedType) -> Bool {
        acceptsAnything || produced.identity == identity || produced.conformances.contains(identity)
            || produced.isSubtype(acceptsMetatype)
    }
}

/// The type a component produces: its registered type, what it declares it
/// conforms to, and a way to ask whether it is a subclass of something.
@usableFromInline
package struct ProducedType: Sendable, CustomStringConvertible {
    /// The registered type itself.
    package let identity: TypeIdentity
    /// The protocols and superclasses it is also found by, as registered with `conformsTo:`.
    package let conformances: [TypeIdentity]
    private let metatype: @Sendable () -> Any.Type

    /// The produced form of `type`, found also by `conformances`.
    @usableFromInline
    package init<Value>(_ type: Value.Type, conformances: [TypeIdentity] = []) {
        self.identity = TypeIdentity(type)
        self.conformances = conformances
        self.metatype = { Value.self }
    }

    @usableFromInline
    package var description: String { identity.name }

    func isSubtype(_ test: (Any.Type) -> Bool) -> Bool { test(metatype()) }

    /// The type's name as Swift code in another module spells it (`MiddleAges.Knight`), for generated code.
    package var swiftName: String { String(reflecting: metatype()) }

    /// Whether the type is a class.
    package var isClass: Bool { metatype() is AnyClass }
}
