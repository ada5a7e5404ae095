import BenchmarkInputs
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

    private let peer: JavaPeer
    private(set) var version = ""

    /// The jars Spring's bean factory needs, from Debian's packages
    /// (`apt-get install libspring-beans-java`, which brings Spring 4.3's
    /// core and commons-logging), under `/usr/share/java`: Debian names
    /// Spring 4.3's jars `spring3-…`.
    static let jars = ["spring3-beans", "spring3-core", "commons-logging"]

    init?(directory: URL) {
        guard let peer = JavaPeer(source: directory.appendingPathComponent("SpringPeer.java"), mainClass: "SpringPeer",
                                  jars: Self.jars, package: "libspring-beans-java",
                                  arguments: [directory.appendingPathComponent("spring-grove.xml").path]) else { return nil }
        self.peer = peer
        guard let answer = peer.ask("version") else {
            print("Spring peer skipped: the JVM did not answer")
            return nil
        }
        version = answer.replacingOccurrences(of: "spring=", with: "")
    }

    /// One round of `lookups` singleton lookups of each kind, and a 25th as many graphs.
    func round(lookups: Int) -> Round? {
        guard let line = peer.ask("round \(lookups)") else { return nil }
        let fields = JavaPeer.fields(line)
        guard let grove = fields["grove_ns"], let typed = fields["typed_ns"], let any = fields["any_ns"] else { return nil }
        return Round(grove: grove, typed: typed, any: any)
    }
}
