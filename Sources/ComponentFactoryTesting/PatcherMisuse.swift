import Foundation

/// A ``Patcher`` asked to do what it cannot: take off a patch it does not
/// have, or serve a second factory. It prints as `error: <what went wrong>`.
public enum PatcherMisuse: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// `unpatch` of a key that has no patch; `patched` lists the keys that do.
    case notPatched(key: String, patched: [String])
    /// The patcher already serves a factory; a patcher serves one.
    case alreadyAttached

    public var description: String {
        "error: " + message
    }

    public var errorDescription: String? { description }

    private var message: String {
        switch self {
        case .notPatched(let key, let patched):
            "'\(key)' is not patched by this patcher"
                + (patched.isEmpty ? "" : " (patched: " + patched.map { "'\($0)'" }.joined(separator: ", ") + ")")
        case .alreadyAttached:
            "this patcher already serves a factory; use one patcher per factory"
        }
    }
}
