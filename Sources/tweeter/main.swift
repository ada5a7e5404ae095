import FactoryTool
import Tweeter

FactoryTool.main(registry: TweeterRegistry.make(), assemblies: ["Assemblies/Tweeter.xml"])
