import ComponentFactoryMacros
import Foundation

/// Statuses written but not posted yet, kept in a file between launches: an
/// actor, so that one draft list is changed by one caller at a time, opened
/// by an `async throws` initializer, so that the factory builds it through
/// its async lookup.
///
/// ```swift
/// let drafts = try await factory.async.component(forKey: "drafts", as: DraftStore.self)
/// try await drafts.save("hello matey")
/// ```
@Component
public actor DraftStore {
    /// The file the drafts are kept in, a JSON array of strings.
    public let path: String
    /// The drafts, oldest first.
    public private(set) var drafts: [String]

    /// Opens the drafts kept at `path`: none when there is no file yet.
    /// Throws ``DraftFileUnreadable`` when the file is there but cannot be read
    /// as a list of drafts.
    public init(path: String) async throws {
        self.path = path
        self.drafts = try Self.read(path)
    }

    /// Keeps `text` as a draft, and writes the file.
    public func save(_ text: String) throws {
        drafts.append(text)
        try write()
    }

    /// Forgets the oldest draft equal to `text`, if there is one, and writes the file.
    public func remove(_ text: String) throws {
        guard let position = drafts.firstIndex(of: text) else { return }
        drafts.remove(at: position)
        try write()
    }

    private func write() throws {
        try JSONEncoder().encode(drafts).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    private static func read(_ path: String) throws -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else {
            guard FileManager.default.fileExists(atPath: path) else { return [] }
            throw DraftFileUnreadable(path: path, reason: "it cannot be opened")
        }
        do {
            return try JSONDecoder().decode([String].self, from: data)
        } catch {
            throw DraftFileUnreadable(path: path, reason: "it is not a JSON array of strings")
        }
    }
}

/// The drafts file is there but cannot be read as a list of drafts.
public struct DraftFileUnreadable: Error, Equatable, CustomStringConvertible {
    /// The file.
    public let path: String
    /// Why it cannot be read.
    public let reason: String

    /// `drafts file '<path>' cannot be read: <reason>`.
    public var description: String { "drafts file '\(path)' cannot be read: \(reason)" }
}
