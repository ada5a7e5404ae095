import Foundation

/// A fresh directory under the system's temporary directory, removed when
/// the value is released, so that a test writes nothing outside it.
///
/// ```swift
/// let directory = try TemporaryDirectory()
/// let factory = try TestFactory.make(assemblies: assemblies, registry: registry,
///                                    options: .test(environment: "production", overrides: ["data.dir": directory.path]))
/// ```
public final class TemporaryDirectory: Sendable {
    /// The directory's absolute path.
    public let path: String

    /// Makes a new, empty directory under the system's temporary directory.
    public init() throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("ComponentFactoryTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` inside the directory.
    public func file(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }

    /// Writes `text` to `name` inside the directory, making its folders; returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        let file = file(name)
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }
}
