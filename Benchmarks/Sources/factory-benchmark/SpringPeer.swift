import Foundation

/// Spring Framework's bean factory, running beside this benchmark in a JVM of
/// its own (`Java/SpringPeer.java`), asked for one round of lookups after each
/// of ours, so that both sides are measured in one run, round by round. Nil,
/// with the reason printed, when there is no JDK or no Spring jars: the rest
/// of the benchmark runs without it.
final class SpringPeer {
    struct Round {
        let grove: Double
        let typed: Double
        let any: Double
    }

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffered = Data()
    private(set) var version = ""

    /// The jars Spring's bean factory needs, from Debian's packages
    /// (`apt-get install libspring-beans-java`, which brings Spring 4.3's
    /// core and commons-logging), under `/usr/share/java`: Debian names
    /// Spring 4.3's jars `spring3-…`.
    static let jars = ["spring3-beans", "spring3-core", "commons-logging"]

    init?(directory: URL) {
        let javaDirectory = URL(fileURLWithPath: "/usr/share/java")
        var classpath: [String] = []
        for jar in Self.jars {
            let path = javaDirectory.appendingPathComponent(jar + ".jar").path
            guard FileManager.default.fileExists(atPath: path) else {
                print("Spring peer skipped: no \(path) (Debian: apt-get install libspring-beans-java)")
                return nil
            }
            classpath.append(path)
        }
        let classes = FileManager.default.temporaryDirectory.appendingPathComponent("spring-peer-\(getpid())")
        let javac = Process()
        javac.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        javac.arguments = ["javac", "-nowarn", "-cp", classpath.joined(separator: ":"), "-d", classes.path,
                           directory.appendingPathComponent("SpringPeer.java").path]
        do {
            try javac.run()
            javac.waitUntilExit()
        } catch {
            print("Spring peer skipped: cannot run javac (\(error))")
            return nil
        }
        guard javac.terminationStatus == 0 else {
            print("Spring peer skipped: javac failed (exit \(javac.terminationStatus))")
            return nil
        }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["java", "-cp", (classpath + [classes.path]).joined(separator: ":"), "SpringPeer",
                             directory.appendingPathComponent("spring-grove.xml").path]
        process.standardInput = input
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            print("Spring peer skipped: cannot run java (\(error))")
            return nil
        }
        guard let answer = ask("version") else {
            print("Spring peer skipped: the JVM did not answer")
            return nil
        }
        version = answer.replacingOccurrences(of: "spring=", with: "")
    }

    /// One round of `lookups` singleton lookups of each kind, and a 25th as many graphs.
    func round(lookups: Int) -> Round? {
        guard let line = ask("round \(lookups)") else { return nil }
        let fields = Dictionary(uniqueKeysWithValues: line.split(separator: " ").compactMap { field -> (String, Double)? in
            let parts = field.split(separator: "=")
            guard parts.count == 2, let value = Double(parts[1]) else { return nil }
            return (String(parts[0]), value)
        })
        guard let grove = fields["grove_ns"], let typed = fields["typed_ns"], let any = fields["any_ns"] else { return nil }
        return Round(grove: grove, typed: typed, any: any)
    }

    private func ask(_ command: String) -> String? {
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

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
