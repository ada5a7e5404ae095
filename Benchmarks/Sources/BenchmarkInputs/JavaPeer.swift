import Foundation

/// A Java program running beside a benchmark in a JVM of its own, compiled
/// from `Java/` with the jars it needs, and asked one line at a time, so that
/// both sides are measured in one run, round by round. Nil, with the reason
/// printed, when there is no JDK or a jar is missing: the rest of the
/// benchmark runs without it.
public final class JavaPeer {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered = Data()

    /// Compiles `source` (a file of `Java/`) against `jars` (names under
    /// `/usr/share/java`, without `.jar`; `package` is the Debian package that
    /// brings them) and starts its class `mainClass` with `arguments`.
    public init?(source: URL, mainClass: String, jars: [String], package: String, arguments: [String]) {
        let javaDirectory = URL(fileURLWithPath: "/usr/share/java")
        var classpath: [String] = []
        for jar in jars {
            let path = javaDirectory.appendingPathComponent(jar + ".jar").path
            guard FileManager.default.fileExists(atPath: path) else {
                print("\(mainClass) skipped: no \(path) (Debian: apt-get install \(package))")
                return nil
            }
            classpath.append(path)
        }
        // Under the Benchmarks package's own .build (beside `Java/`), overwritten by each run: nothing is left in /tmp.
        let classes = source.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/java-classes/\(mainClass)")
        let javac = Process()
        javac.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        javac.arguments = ["javac", "-nowarn", "-cp", classpath.joined(separator: ":"), "-d", classes.path, source.path]
        do {
            try javac.run()
            javac.waitUntilExit()
        } catch {
            print("\(mainClass) skipped: cannot run javac (\(error))")
            return nil
        }
        guard javac.terminationStatus == 0 else {
            print("\(mainClass) skipped: javac failed (exit \(javac.terminationStatus))")
            return nil
        }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["java", "-cp", (classpath + [classes.path]).joined(separator: ":"), mainClass] + arguments
        process.standardInput = input
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            print("\(mainClass) skipped: cannot run java (\(error))")
            return nil
        }
    }

    /// Sends `command` as one line and returns the one line answered; nil when the JVM has ended.
    public func ask(_ command: String) -> String? {
        input.fileHandleForWriting.write(Data((command + "\n").utf8))
        while true {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffered[buffered.startIndex..<newline], as: UTF8.self)
                buffered = Data(buffered[buffered.index(after: newline)...])
                return line
            }
            let more = output.fileHandleForReading.availableData
            guard !more.isEmpty else { return nil }
            buffered.append(more)
        }
    }

    /// The `name=value` fields of an answer whose values are numbers.
    public static func fields(_ line: String) -> [String: Double] {
        Dictionary(line.split(separator: " ").compactMap { field -> (String, Double)? in
            let parts = field.split(separator: "=")
            guard parts.count == 2, let value = Double(parts[1]) else { return nil }
            return (String(parts[0]), value)
        }, uniquingKeysWith: { first, _ in first })
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
