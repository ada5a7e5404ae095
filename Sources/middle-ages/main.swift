import FactoryTool
import MiddleAges

FactoryTool.main(registry: MiddleAgesRegistry.make(), assemblies: ["Assemblies/MiddleAges.xml"])
