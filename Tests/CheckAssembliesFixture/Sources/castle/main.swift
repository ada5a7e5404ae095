import CastleWiring
import ComponentFactory
import Foundation

// Prints the gate from the compiled wiring, through its typed accessor:
//   castle CONFIG_DIR ENVIRONMENT
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2 else {
    print("usage: castle CONFIG_DIR ENVIRONMENT")
    exit(2)
}
do {
    let gate = try CastleWiring.Components(try CastleFactory.load(config: arguments[0], environment: arguments[1])).gate()
    print("gate: \(gate.bars) bars before \(gate.keep.name)")
} catch {
    print(error)
    exit(1)
}
