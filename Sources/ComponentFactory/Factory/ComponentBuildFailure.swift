import Foundation

/// A registered closure threw, or returned something that does not fit,
/// while the factory built a component. It says where the component is
/// defined and the path of components being built, as Spring's breadcrumb
/// does: `knight → quest`.
///
/// ```swift
/// do { _ = try factory.component(forKey: "knight") }
/// catch let failure as ComponentBuildFailure { print(failure) }
/// // Assemblies/knights.xml:12:5: error: building 'knight' (knight → quest) failed: … [build-failed]
/// ```
public struct ComponentBuildFailure: Error, CustomStringConvertible, LocalizedError {
    /// The component whose closure failed.
    public let key: String
    /// Where the component that failed is defined.
    public let location: SourceLocation
    /// The keys being built, outermost first, ending with `key`.
    public let path: [String]
    /// The error that the registered closure, a callback or a post-processor threw.
    public let underlying: any Error

    /// The `build-failed` diagnostic's text: `file:line:col: error: building 'knight' (knight → quest) failed: … [build-failed]`.
    public var description: String { DiagnosticRenderer.text(diagnostic) }

    public var errorDescription: String? { description }

    /// The same, as a `build-failed` diagnostic.
    public var diagnostic: Diagnostic {
        Diagnostic(.buildFailed, "building '\(key)' (\(path.joined(separator: " → "))) failed: \(Self.message(of: underlying))", at: location)
    }

    /// What `error` says, for a message that already has its own place and
    /// code: a conversion failure's bare reason, anything else as it prints.
    static func message(of error: any Error) -> String {
        (error as? ConversionFailure)?.reason ?? "\(error)"
    }
}

extension DiagnosticReport {
    /// What a factory threw, as diagnostics: a report's own, a diagnostic
    /// (placed at `location` if it has no place), a build failure's
    /// `build-failed`, or any other error as `build-failed` at `location`.
    public init(describing error: any Error, at location: SourceLocation? = nil) {
        switch error {
        case let report as DiagnosticReport:
            self.init(report.diagnostics)
        case var diagnostic as Diagnostic:
            if diagnostic.location == nil { diagnostic.location = location }
            self.init([diagnostic])
        case let failure as ComponentBuildFailure:
            self.init([failure.diagnostic])
        default:
            self.init([Diagnostic(.buildFailed, ComponentBuildFailure.message(of: error), at: location)])
        }
    }
}
