import Foundation

/// Files laid out below a folder exactly as the kubelet mounts a Secret or a
/// ConfigMap: a timestamped folder holding them, `..data` linking to it, and
/// each top-level name a link through `..data`. ``rotate(_:)`` writes a new
/// timestamped folder and renames a new `..data` link over the old one,
/// atomically, as the kubelet does when the Secret changes.
struct KubeletVolume {
    let root: URL

    init(at root: URL, _ files: [String: String]) throws {
        self.root = root
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try rotate(files)
        for top in Set(files.keys.map { String($0.split(separator: "/")[0]) }) {
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent(top).path, withDestinationPath: "..data/" + top)
        }
    }

    func rotate(_ files: [String: String]) throws {
        let stamp = "..\(UUID().uuidString)"
        for (name, value) in files {
            let file = root.appendingPathComponent(stamp).appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try value.write(to: file, atomically: false, encoding: .utf8)
        }
        let temporary = root.appendingPathComponent("..data_tmp").path
        try FileManager.default.createSymbolicLink(atPath: temporary, withDestinationPath: stamp)
        guard rename(temporary, root.appendingPathComponent("..data").path) == 0 else { throw ServerFailure("cannot swap ..data") }
    }
}
