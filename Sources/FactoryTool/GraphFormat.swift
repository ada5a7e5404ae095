import ArgumentParser

/// `factory graph --format dot|json`.
enum GraphFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case dot
    case json
}
