import ArgumentParser

/// A `--set key=value` argument. The first `=` splits; the key may not be empty.
struct KeyValueArgument: ExpressibleByArgument, Sendable {
    let key: String
    let value: String

    init(key: String, value: String) {
        (self.key, self.value) = (key, value)
    }

    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else { return nil }
        key = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
    }

    static var defaultValueDescription: String { "key=value" }

    static func dictionary(_ arguments: [KeyValueArgument]) -> [String: String] {
        var values: [String: String] = [:]
        for argument in arguments { values[argument.key] = argument.value }
        return values
    }
}
