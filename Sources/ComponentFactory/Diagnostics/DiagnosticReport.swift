import Foundation

/// The diagnostics of one run, in the order found, with their counts. It is
/// also thrown when a stage fails with several problems at once, and prints
/// as their compiler-style lines, one after another.
///
/// ```swift
/// let report = DiagnosticReport([diagnostic])
/// report.errorCount  // 1
/// ```
public struct DiagnosticReport: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// Every problem, in the order found.
    public var diagnostics: [Diagnostic]

    /// A report of `diagnostics`.
    public init(_ diagnostics: [Diagnostic] = []) {
        self.diagnostics = diagnostics
    }

    /// How many of the diagnostics are errors.
    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    /// How many of the diagnostics are warnings.
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
    /// Whether any diagnostic is an error: what decides `factory validate`'s exit status.
    public var hasErrors: Bool { errorCount > 0 }

    /// Every diagnostic's compiler-style text, one per line (notes indented beneath).
    public var description: String {
        diagnostics.isEmpty ? "no problems" : diagnostics.map(DiagnosticRenderer.text).joined(separator: "\n")
    }

    public var errorDescription: String? { description }

    /// Merges the reports of several environments. A diagnostic that every
    /// environment reports alike is kept once, with no environment.
    public static func merging(environments reports: [(environment: String?, report: DiagnosticReport)]) -> DiagnosticReport {
        guard reports.count > 1 else {
            return DiagnosticReport(reports.flatMap { entry in
                entry.report.diagnostics.map { diagnostic in
                    var tagged = diagnostic
                    tagged.environment = diagnostic.environment ?? entry.environment
                    return tagged
                }
            })
        }
        func unscoped(_ diagnostic: Diagnostic) -> Diagnostic {
            var copy = diagnostic
            copy.environment = nil
            return copy
        }
        let shared = reports.map { Set($0.report.diagnostics.map(unscoped)) }
            .reduce(nil as Set<Diagnostic>?) { common, next in common.map { $0.intersection(next) } ?? next } ?? []
        var merged: [Diagnostic] = []
        var emitted = Set<Diagnostic>()
        for (environment, report) in reports {
            for diagnostic in report.diagnostics {
                let plain = unscoped(diagnostic)
                if shared.contains(plain) {
                    if emitted.insert(plain).inserted { merged.append(plain) }
                } else {
                    var tagged = diagnostic
                    tagged.environment = environment
                    merged.append(tagged)
                }
            }
        }
        return DiagnosticReport(merged)
    }
}

extension DiagnosticReport {
    /// What a factory threw, as diagnostics: a report's own; a diagnostic
    /// (placed at `location` if it has no place); or any other error as
    /// `build-failed` at `location`, with the error as its `underlyingError`.
    @usableFromInline
    init(describing error: any Error, at location: SourceLocation? = nil) {
        switch error {
        case let report as DiagnosticReport:
            self.init(report.diagnostics)
        case var diagnostic as Diagnostic:
            if diagnostic.location == nil { diagnostic.location = location }
            self.init([diagnostic])
        default:
            self.init([Diagnostic(.buildFailed, Diagnostic.reason(of: error), at: location, underlyingError: error)])
        }
    }
}
