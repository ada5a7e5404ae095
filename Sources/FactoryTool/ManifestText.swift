@_spi(Tooling) import ComponentFactory

/// `factory properties --manifest` as Markdown, for an operations team to
/// read before a deploy, or as JSON, for scripts.
enum ManifestText {
    /// One section per key: its description, a table of its value in each environment, and its readers.
    static func markdown(_ manifest: PropertyManifest) -> String {
        var text = "# Configuration keys\n"
        for key in manifest.keys {
            text += "\n" + section(key, title: "## `\(key.key)`")
        }
        return text
    }

    /// One key's section under `title`: as the manifest's heading, or as a
    /// hover's bold line, with paths below `root` (a workspace) shown relative to it.
    static func section(_ key: PropertyManifest.Key, title: String, root: String? = nil) -> String {
        func place(_ location: SourceLocation) -> String {
            let file = root.map { $0.hasSuffix("/") ? $0 : $0 + "/" }.flatMap { location.file.hasPrefix($0) ? String(location.file.dropFirst($0.count)) : nil }
            return "\(file ?? location.file):\(location.line)"
        }
        func describe(_ reader: PropertyManifest.Reader) -> String {
            if let through = reader.through { return "the value of `\(through)`" }
            var text = reader.settings.map { "settings `\($0)`, \(reader.member)" }
                ?? (reader.component.isEmpty ? reader.member : "component `\(reader.component)`, \(reader.member)")
            if let type = reader.type { text += " (`\(type)`)" }
            if let defaultValue = reader.defaultValue { text += ", default `\(cell(defaultValue))`" }
            text += reader.constraints.map { ", " + $0 }.joined()
            if let location = reader.location { text += ", at \(place(location))" }
            return text
        }
        var text = title + (key.isSecret ? " (secret)" : "") + "\n\n"
        if !key.description.isEmpty { text += key.description.joined(separator: "\n") + "\n\n" }
        if key.values.isEmpty {
            text += "Set in no environment: each reader takes its default.\n"
        } else {
            text += "| environment | value | set at |\n|---|---|---|\n"
            for value in key.values {
                text += "| \(value.environment ?? "(none)") | `\(cell(value.value))` | \(value.location.map(place) ?? "") |\n"
            }
        }
        text += "\n"
        if key.readers.isEmpty {
            text += "Read by nothing.\n"
        } else {
            text += "Read by:\n"
            for reader in key.readers { text += "- \(describe(reader))\n" }
        }
        return text
    }

    /// `{"keys":[{"key":…,"description":[…],"secret":…,"values":[…],"readers":[…]}]}`.
    static func json(_ manifest: PropertyManifest) -> String {
        let keys = manifest.keys.map { key in
            let values = key.values.map { value in
                "{\"environment\":\(optional(value.environment)),\"value\":\(JSONText.quoted(value.value)),"
                    + "\"file\":\(optional(value.location?.file)),\"line\":\(value.location.map { "\($0.line)" } ?? "null")}"
            }
            let readers = key.readers.map { reader in
                "{\"component\":\(optional(reader.component.isEmpty ? nil : reader.component)),\"member\":\(JSONText.quoted(reader.member)),"
                    + "\"type\":\(optional(reader.type)),\"through\":\(optional(reader.through)),\"settings\":\(optional(reader.settings)),"
                    + "\"default\":\(optional(reader.defaultValue)),"
                    + "\"constraints\":[\(reader.constraints.map(JSONText.quoted).joined(separator: ","))],"
                    + "\"file\":\(optional(reader.location?.file)),\"line\":\(reader.location.map { "\($0.line)" } ?? "null")}"
            }
            return "{\"key\":\(JSONText.quoted(key.key)),\"description\":[\(key.description.map(JSONText.quoted).joined(separator: ","))],"
                + "\"secret\":\(key.isSecret),\"values\":[\(values.joined(separator: ","))],\"readers\":[\(readers.joined(separator: ","))]}"
        }
        return "{\"keys\":[\(keys.joined(separator: ","))]}\n"
    }

    /// A value inside a table cell: a bar or a line break would end the cell.
    private static func cell(_ value: String) -> String {
        value.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "`", with: "'")
    }

    private static func optional(_ text: String?) -> String {
        text.map(JSONText.quoted) ?? "null"
    }
}
