// The graph's own tool, as an app's: it writes the compiled wiring of the graph
// (run from Benchmarks/, see README §Compiled wiring):
//   swift run grove-wiring compile-wiring Assemblies/grove.xml --output Sources/GroveWiring --name GroveWiring --public --module GroveWiring
import FactoryTool
import GroveGraph

FactoryTool.main(registry: groveRegistry())
