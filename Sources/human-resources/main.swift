import FactoryTool
import HumanResources

FactoryTool.main(registry: HumanResourcesRegistry.make(), assemblies: ["Assemblies/HumanResources.xml"])
