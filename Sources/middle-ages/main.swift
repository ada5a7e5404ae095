import FactoryTool
import MiddleAges

FactoryTool.main(registry: try MiddleAgesRegistry.make(), assemblies: ["Assemblies/MiddleAges.xml"])
