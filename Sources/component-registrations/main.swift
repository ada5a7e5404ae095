// component-registrations --output FILE SOURCE.swift…
//
// What the RegisterComponents build-tool plugin runs: reads a target's Swift
// sources, finds its `@Component` and `@Settings` types, and writes FILE, an
// extension of ComponentRegistry with `registerComponents()`. A type it
// cannot name (private, generic) is a warning on standard output. Exit 2 when
// the arguments are wrong or a file cannot be read or written.
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())
guard let flag = arguments.firstIndex(of: "--output"), flag + 1 < arguments.count else {
    print("usage: component-registrations --output FILE SOURCE.swift…")
    exit(2)
}
let output = arguments[flag + 1]
arguments.removeSubrange(flag...(flag + 1))

var types: [RegisteredType] = []
for path in arguments.sorted() {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        print("\(path):1: error: component-registrations cannot read this file as UTF-8")
        exit(2)
    }
    let scanned = RegistrationScanner.scan(text, file: path)
    types += scanned.found
    for warning in scanned.skipped { print(warning) }
}
do {
    try Data(RegistrationSource(types: types).text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
} catch {
    print("error: component-registrations cannot write \(output): \(error)")
    exit(2)
}
