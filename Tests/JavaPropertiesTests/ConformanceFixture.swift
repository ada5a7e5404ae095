import Foundation
import JavaProperties

/// One generated file of the conformance corpus with the JDK's answer for it,
/// as `Tools/properties-conformance/PropertiesOracle.java` wrote it.
struct ConformanceFixture {
    enum Expectation {
        /// Keys and values as UTF-8 bytes, so that comparison is exact and
        /// not up to Unicode canonical equivalence.
        case map([[UInt8]: [UInt8]])
        case error(javaClass: String)
    }

    let name: String
    let bytes: [UInt8]
    let expectation: Expectation

    /// The fixtures' directory, found next to this file, so that the
    /// ThreadSanitizer package, which links this file, finds it too.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Conformance")

    /// Every fixture; a missing directory or an empty one is an error, never an empty list that passes.
    static func all() throws -> [ConformanceFixture] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".properties") }
            .sorted()
        guard !names.isEmpty else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: directory.path]) }
        return try names.map { name in
            let input = directory.appendingPathComponent(name)
            let expected = input.deletingPathExtension().appendingPathExtension("expected")
            return ConformanceFixture(
                name: name,
                bytes: Array(try Data(contentsOf: input)),
                expectation: try parse(String(decoding: try Data(contentsOf: expected), as: UTF8.self)))
        }
    }

    private static func parse(_ text: String) throws -> Expectation {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if let first = lines.first, first.hasPrefix("error ") {
            return .error(javaClass: String(first.dropFirst("error ".count)))
        }
        var map: [[UInt8]: [UInt8]] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            map[utf8(fromHexUnits: parts[0])] = utf8(fromHexUnits: parts.count > 1 ? parts[1] : "")
        }
        return .map(map)
    }

    /// Java's UTF-16 units, decoded as a Swift string decodes them: an
    /// unpaired surrogate becomes U+FFFD.
    private static func utf8(fromHexUnits hex: Substring) -> [UInt8] {
        var units: [UInt16] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 4)
            units.append(UInt16(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }
}
