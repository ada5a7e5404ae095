// Where the time of the two big commands goes, stage by stage, in one process
// (release build): the in-process side of whole-process-benchmark's figures.
//
//   swift run -c release phase-timings assembly FILE.xml CONFIG-DIR
//   swift run -c release phase-timings properties FILE.properties
//
// Each stage is run several times and its fastest run is printed: the stages
// are what a change is meant to move, and the fastest run is the one least
// disturbed by the rest of the machine.
@_spi(Tooling) import ComponentFactory
@_spi(Tooling) import FactoryTool
import Foundation
import JavaProperties

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// The fastest of `runs` runs of `body`, in milliseconds.
func fastest(_ runs: Int = 7, _ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<runs {
        let start = now()
        body()
        best = min(best, now() - start)
    }
    return best * 1000
}

/// The fastest of `runs` runs of the async `body`, in milliseconds.
func fastest(_ runs: Int = 7, _ body: () async -> Void) async -> Double {
    var best = Double.infinity
    for _ in 0..<runs {
        let start = now()
        await body()
        best = min(best, now() - start)
    }
    return best * 1000
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "assembly" where arguments.count == 3:
    let (path, config) = (arguments[1], arguments[2])
    guard let root = try? ConfigRoot.scan(config) else {
        print("cannot scan the config root \(config)")
        exit(2)
    }
    let loader = ConfigurationLoader(root: root)
    let read = fastest { _ = AssemblyLoader.load(paths: [path], checkSchema: false) }
    let readAndSchema = fastest { _ = AssemblyLoader.load(paths: [path]) }
    let loaded = AssemblyLoader.load(paths: [path])
    var findings = 0
    let check = await fastest { findings = await EnvironmentBuild.validate(loaded.assemblies, loader: loader, environments: [nil]).diagnostics.count }
    print(String(format: "read %.0f ms, read with the schema %.0f ms, registry-free checks %.0f ms (%d components, %d findings)",
                 read, readAndSchema, check, loaded.assemblies.components.count, findings))
case "properties" where arguments.count == 2:
    let path = arguments[1]
    guard let bytes = FileManager.default.contents(atPath: path).map(Array.init),
          let document = try? PropertiesReader.read(bytes: bytes, file: path) else {
        print("cannot read \(path)")
        exit(2)
    }
    let file = fastest { _ = FileManager.default.contents(atPath: path).map(Array.init) }
    let parse = fastest { _ = try? PropertiesReader.read(bytes: bytes, file: path) }
    let listing = fastest { _ = document.listing }
    var masked = document.listing
    let mask = fastest {
        var copy = document.listing
        copy.replaceValues(with: SecretKeys.mask, where: SecretKeys.isSecret(bytes:))
        masked = copy
    }
    var size = 0
    let json = fastest { size = JSONText.object(masked, trailer: "\n").count }
    print(String(format: "file %.0f ms, parse %.0f ms, listing %.0f ms, secrets %.0f ms (listing included), JSON %.0f ms (%d keys, %d bytes)",
                 file, parse, listing, mask, json, document.keys.count, size))
default:
    print("usage: phase-timings assembly FILE.xml CONFIG-DIR | phase-timings properties FILE.properties")
    exit(2)
}
