import Foundation

/// Which environments a component exists in: `test,!production` means "in
/// test, or in anything but production". A comma is OR; `!` is NOT.
///
/// ```swift
/// let expression = try ProfileExpression(parsing: "test,!production")
/// expression.matches(environment: "development")  // true
/// expression.matches(environment: "production")   // false
/// ```
@_spi(Tooling)
public struct ProfileExpression: Sendable, Hashable {
    /// One profile name, perhaps negated with `!`.
    public struct Term: Sendable, Hashable {
        /// The environment's name.
        public var name: String
        /// Whether `!` stands before it.
        public var negated: Bool
    }

    /// The terms, any of which matching is a match.
    public var terms: [Term]

    /// Throws a message when a term is empty or holds anything but letters,
    /// digits, `.`, `_` and `-`.
    public init(parsing text: String) throws(ProfileExpressionError) {
        var terms: [Term] = []
        for raw in text.split(separator: ",", omittingEmptySubsequences: false) {
            var term = raw.trimmingWhitespace()
            let negated = term.hasPrefix("!")
            if negated { term = term.dropFirst().trimmingWhitespace() }
            guard !term.isEmpty, term.allSatisfy({ $0.isLetter || $0.isNumber || "._-".contains($0) }) else {
                throw ProfileExpressionError(message: "'\(raw)' is not an environment name or '!' and a name")
            }
            terms.append(Term(name: String(term), negated: negated))
        }
        self.terms = terms
    }

    /// True when any term matches; with no environment, only negated terms do.
    public func matches(environment: String?) -> Bool {
        terms.contains { term in term.negated ? term.name != environment : term.name == environment }
    }
}

/// Why a profile expression does not parse. It prints as a diagnostic with
/// no place: `error: <message> [invalid-attribute-value]`.
@_spi(Tooling)
public struct ProfileExpressionError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// What is wrong with the expression.
    public var message: String

    public var description: String { reasonDescription }

    public var errorDescription: String? { description }
}

extension ProfileExpressionError: FailureReason {
    var reason: String { message }
    static var code: DiagnosticCode? { .invalidAttributeValue }
}

extension Substring {
    func trimmingWhitespace() -> Substring {
        var result = self
        while result.first?.isWhitespace == true { result = result.dropFirst() }
        while result.last?.isWhitespace == true { result = result.dropLast() }
        return result
    }
}

extension ProfileExpression {
    /// The components that exist in `environment`, and the problems of every
    /// component's profile expressions (which are the same in every environment).
    static func active(_ components: [ComponentDefinition], environment: String?,
                       knownEnvironments: [String]) -> (definitions: [ComponentDefinition], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var everyOneExists = true
        for component in components {
            let profiles = component.profiles
            if profiles.isEmpty { continue }
            everyOneExists = false
            for profile in profiles {
                do {
                    let expression = try ProfileExpression(parsing: profile.text)
                    guard !knownEnvironments.isEmpty else { continue }
                    for term in expression.terms where !knownEnvironments.contains(term.name) {
                        diagnostics.append(Diagnostic(
                            .invalidAttributeValue,
                            "profile names the environment '\(term.name)', which the config root does not have"
                                + SpellingSuggestions.didYouMean(term.name, among: knownEnvironments),
                            at: profile.location, severity: .warning))
                    }
                } catch {
                    diagnostics.append(Diagnostic(.invalidAttributeValue, "invalid profile expression: \(error.message)", at: profile.location))
                }
            }
        }
        // Shared, not copied, when every component exists in the environment (the common case).
        let active = everyOneExists ? components : components.filter { $0.isActive(in: environment) }
        return (active, diagnostics)
    }
}
