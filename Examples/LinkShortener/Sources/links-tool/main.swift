import FactoryTool
import Links

// The app's own tool: `swift run links-tool validate` checks Assemblies/ against Config/ in
// every environment with the registry, so store.class and every value are checked.
FactoryTool.main(registry: LinksRegistry.make(), assemblies: ["Assemblies"])
