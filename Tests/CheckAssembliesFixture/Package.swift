// swift-tools-version: 6.1
import PackageDescription

// A package that applies the CheckAssemblies build-tool plugin, with typed
// keys on: Tools/check-assemblies-acceptance copies it, points it at this
// checkout, and breaks and fixes its assembly between builds.
let package = Package(
    name: "CheckAssembliesFixture",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "ComponentFactory", path: "COMPONENT_FACTORY_PATH")],
    targets: [
        .target(
            name: "Knights",
            dependencies: [.product(name: "ComponentFactory", package: "ComponentFactory")],
            exclude: ["Assemblies", "Config", "component-factory.json"],
            plugins: [.plugin(name: "CheckAssemblies", package: "ComponentFactory")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
