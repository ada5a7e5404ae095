import Foundation

/// A rule that a ``Settings`` field's value must keep: within a range,
/// matching a pattern, not empty, or one of a set. A value that breaks it is
/// the error `constraint`, at the `.properties` line that set it, naming the field.
///
/// The macros `@Within`, `@Matching`, `@NotEmpty` and `@OneOf` of
/// `ComponentFactoryMacros` declare them on a field; a hand-written
/// ``Settings/init(from:)`` passes them to the binder.
///
/// ```swift
/// let port: SettingsConstraint<Int> = .within(1...65_535)
/// port.description  // "within 1...65535"
/// ```
public struct SettingsConstraint<Value>: Sendable, CustomStringConvertible {
    /// What the rule asks, as the manifest and the messages show it: `within 1...65535`.
    public let description: String
    /// Why `value`, written as `text`, breaks the rule; nil when it keeps it.
    let violation: @Sendable (_ value: Value, _ text: String) -> String?

    /// A bound or an allowed value as a message shows it: a `Duration` as its converter reads it (`30s`).
    private static func text(_ value: Value) -> String {
        (value as? Duration).map(DurationConverter.text(of:)) ?? "\(value)"
    }

    private init(_ description: String, violation: @escaping @Sendable (Value, String) -> String?) {
        self.description = description
        self.violation = violation
    }

    /// The value as written, after its placeholders are resolved, matches
    /// `pattern` whole (a Swift `Regex`). A pattern that does not compile
    /// breaks the rule for every value, saying why.
    public static func matching(_ pattern: String) -> Self {
        // The pattern is compiled at each check: Swift's `Regex` is not
        // `Sendable`, and a field is checked once per environment.
        Self("matching \(pattern)") { _, text in
            let regex: Regex<AnyRegexOutput>
            do {
                regex = try Regex(pattern)
            } catch {
                return "the pattern \(pattern) is not a regular expression: \(error)"
            }
            return (try? regex.wholeMatch(in: text)) == nil ? "it does not match \(pattern)" : nil
        }
    }
}

extension SettingsConstraint where Value: Comparable & Sendable {
    /// The value lies in `range`: `.within(1...65_535)`.
    public static func within(_ range: ClosedRange<Value>) -> Self {
        Self("within \(text(range.lowerBound))...\(text(range.upperBound))") { value, _ in
            range.contains(value) ? nil : "it is not within \(text(range.lowerBound))...\(text(range.upperBound))"
        }
    }

    /// The value lies in `range`: `.within(0..<100)`.
    public static func within(_ range: Range<Value>) -> Self {
        Self("within \(text(range.lowerBound))..<\(text(range.upperBound))") { value, _ in
            range.contains(value) ? nil : "it is not within \(text(range.lowerBound))..<\(text(range.upperBound))"
        }
    }

    /// The value is at least the range's bound: `.within(1...)`.
    public static func within(_ range: PartialRangeFrom<Value>) -> Self {
        Self("at least \(text(range.lowerBound))") { value, _ in
            range.contains(value) ? nil : "it is less than \(text(range.lowerBound))"
        }
    }

    /// The value is at most the range's bound: `.within(...100)`.
    public static func within(_ range: PartialRangeThrough<Value>) -> Self {
        Self("at most \(text(range.upperBound))") { value, _ in
            range.contains(value) ? nil : "it is more than \(text(range.upperBound))"
        }
    }

    /// The value is below the range's bound: `.within(..<100)`.
    public static func within(_ range: PartialRangeUpTo<Value>) -> Self {
        Self("less than \(text(range.upperBound))") { value, _ in
            range.contains(value) ? nil : "it is not less than \(text(range.upperBound))"
        }
    }
}

extension SettingsConstraint where Value: Collection & Sendable {
    /// The value (a string, an array) has at least one element.
    public static var notEmpty: Self {
        Self("not empty") { value, _ in value.isEmpty ? "it is empty" : nil }
    }
}

extension SettingsConstraint where Value: Equatable & Sendable {
    /// The value is one of `allowed`: `.oneOf("debug", "info", "warning")`.
    public static func oneOf(_ allowed: Value...) -> Self {
        let listed = allowed.map(text).joined(separator: ", ")
        return Self("one of \(listed)") { value, _ in allowed.contains(value) ? nil : "it is not one of \(listed)" }
    }
}
