/// The generated inputs the benchmarks share.
public enum PropertiesText {
    /// A deterministic mix of what real configuration holds: dotted keys, URLs,
    /// comments, blank lines, escapes, non-ASCII text and continuation lines.
    public static func generate(bytes target: Int) -> [UInt8] {
        var text = ""
        text.reserveCapacity(target + 1024)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var section = 0
        while text.utf8.count < target {
            section += 1
            text += "# settings of service \(section)\n"
            text += "service\(section).endpoint.url = https://host\(next() % 1000).example.org:\(8000 + next() % 1000)/api/v1\n"
            text += "service\(section).timeout.ms=\(next() % 60000)\n"
            text += "service\(section).enabled : \(next() % 2 == 0 ? "true" : "false")\n"
            text += "service\(section).description = Handles requests for tenant \(next() % 500), see the runbook\\tpage \(next() % 90)\n"
            text += "service\(section).greeting = Grüße aus Köln, 日本語のテキスト \\u00e9t\\u00e9\n"
            text += "service\(section).hosts = alpha.example.org,\\\n    beta.example.org,\\\n    gamma.example.org\n"
            text += "service\(section).path\\ with\\ spaces = /var/lib/service\(section)/data\n\n"
        }
        return Array(text.utf8)
    }
}
