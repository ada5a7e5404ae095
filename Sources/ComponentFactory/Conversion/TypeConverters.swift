import Foundation

/// The converters of one factory, by target type. Each factory owns its own
/// (Typhoon's single shared registry made tests interfere, its issue #407).
///
/// It starts with the built-in table of design.md: `String`, `Bool`, every
/// fixed-width integer, `Double`, `Float`, `Decimal`, `URL`, `Date`,
/// `Duration`, `UUID` and `Data`. Registering a converter for a type replaces
/// the previous one.
///
/// ```swift
/// var converters = TypeConverters()
/// converters.register(TemperatureConverter())
/// converters.registerEnum(Weapon.self)
/// let ratio: Double = try converters.convert("13.75", to: Double.self)
/// ```
public struct TypeConverters: Sendable {
    private var byType: [ObjectIdentifier: any TypeConverter] = [:]
    private var byName: [String: ObjectIdentifier] = [:]

    /// Typhoon's Foundation names for `requiredType=` and `required-class=` hints.
    private static let foundationNames = [
        "NSString": "String", "NSMutableString": "String", "NSURL": "URL", "NSDate": "Date", "NSData": "Data",
        "NSUUID": "UUID", "NSDecimalNumber": "Decimal", "NSNumber": "Double", "BOOL": "Bool", "int": "Int",
        "NSInteger": "Int", "NSUInteger": "UInt", "CGFloat": "Double", "float": "Float", "double": "Double",
    ]

    /// The built-in converters.
    public init() {
        register(StringConverter())
        register(BoolConverter())
        register(IntegerConverter<Int>())
        register(IntegerConverter<Int8>())
        register(IntegerConverter<Int16>())
        register(IntegerConverter<Int32>())
        register(IntegerConverter<Int64>())
        register(IntegerConverter<UInt>())
        register(IntegerConverter<UInt8>())
        register(IntegerConverter<UInt16>())
        register(IntegerConverter<UInt32>())
        register(IntegerConverter<UInt64>())
        register(FloatingPointConverter<Double>())
        register(FloatingPointConverter<Float>())
        register(DecimalConverter())
        register(URLConverter())
        register(DateConverter())
        register(DurationConverter())
        register(UUIDConverter())
        register(DataConverter())
    }

    /// Adds or replaces the converter for `Converter.Value`.
    public mutating func register<Converter: TypeConverter>(_ converter: Converter) {
        byType[ObjectIdentifier(Converter.Value.self)] = converter
        byName[converter.typeName] = ObjectIdentifier(Converter.Value.self)
    }

    /// Adds a converter for an enum by raw value; the raw type must convert.
    public mutating func registerEnum<Value: RawRepresentable & CaseIterable & Sendable>(_ type: Value.Type)
    where Value.RawValue: Sendable {
        guard let raw = converter(for: Value.RawValue.self) else { return }
        register(RawValueConverter<Value>(rawValue: raw))
    }

    /// The converter for `type`, if one is registered.
    public func converter<Value: Sendable>(for type: Value.Type) -> (any TypeConverter<Value>)? {
        byType[ObjectIdentifier(type)] as? any TypeConverter<Value>
    }

    /// The converter whose `typeName` is `name` (Typhoon's `NSString`, `NSURL`
    /// and the like count), for `requiredType=` and `required-class=` hints.
    public func converter(named name: String) -> (any TypeConverter)? {
        identifier(named: name).flatMap { byType[$0] }
    }

    func identifier(named name: String) -> ObjectIdentifier? {
        byName[Self.foundationNames[name] ?? name]
    }

    /// Every type name a hint may use, for "did you mean".
    var typeNames: [String] { byName.keys.sorted() }

    /// Whether `type` can be converted from text.
    public func canConvert(to type: Any.Type) -> Bool {
        byType[ObjectIdentifier(type)] != nil
    }

    /// Converts `text` to `type`; no converter for it is a failure too.
    public func convert<Value: Sendable>(_ text: String, to type: Value.Type) throws(ConversionFailure) -> Value {
        guard let converter = converter(for: type) else {
            throw ConversionFailure("no type converter is registered for \(Value.self)")
        }
        return try converter.convert(text)
    }

    /// Converts `text` to `type`, known only at run time (a parameter's or a
    /// property's type, which need not be `Sendable` itself when it has no
    /// converter); no converter for it is a failure too.
    package func convert(_ text: String, toTypeOf type: Any.Type) throws(ConversionFailure) -> any Sendable {
        guard let converter = byType[ObjectIdentifier(type)] else {
            throw ConversionFailure("no type converter is registered for \(type)")
        }
        return try converter.convertToAny(text)
    }
}
