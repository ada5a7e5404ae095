// swift-tools-version: 6.1
import PackageDescription

// A package outside ComponentFactory, depending on it by path as an app
// does: Tools/check-assemblies-acceptance copies it and points it at this
// checkout. Knights applies the CheckAssemblies build-tool plugin, with typed
// keys, and the script breaks and fixes its assembly between builds; the box
// office is run, and grown by a component, as a new app would be; the castle
// runs from compiled wiring that its own build-tool plugin writes.
let package = Package(
    name: "CheckAssembliesFixture",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "ComponentFactory", path: "COMPONENT_FACTORY_PATH")],
    targets: [
        // The box office: a Swift 6 app written from the docs alone. An actor and a main-actor class with
        // async initializers, typed settings, a request scope, typed keys that know what suspends, its types
        // registered by the one generated call, and its assemblies and config loaded from its bundle by URL.
        .target(
            name: "BoxOffice",
            dependencies: [
                .product(name: "ComponentFactory", package: "ComponentFactory"),
                .product(name: "ComponentFactoryMacros", package: "ComponentFactory"),
            ],
            exclude: ["component-factory.json"],
            resources: [.copy("Assemblies"), .copy("Config")],
            plugins: [.plugin(name: "CheckAssemblies", package: "ComponentFactory"),
                      .plugin(name: "RegisterComponents", package: "ComponentFactory")]
        ),
        .executableTarget(name: "box-office", dependencies: ["BoxOffice", .product(name: "ComponentFactory", package: "ComponentFactory")]),
        .target(
            name: "Knights",
            dependencies: [.product(name: "ComponentFactory", package: "ComponentFactory")],
            exclude: ["Assemblies", "Config", "component-factory.json"],
            plugins: [.plugin(name: "CheckAssemblies", package: "ComponentFactory")]
        ),
        // Compiled wiring by a build-tool plugin of the app's own: the castle's tool, which has the registry, writes
        // CastleWiring's Swift on every build where an assembly or a .properties file changed. The castle's library
        // applies no plugin itself: SwiftPM builds a plugin's tool, and what it depends on, before running any plugin.
        .target(name: "Castle", dependencies: [.product(name: "ComponentFactory", package: "ComponentFactory")],
                exclude: ["Assemblies", "Config"]),
        .executableTarget(name: "castle-tool", dependencies: ["Castle", .product(name: "FactoryTool", package: "ComponentFactory")]),
        .plugin(name: "CompileCastleWiring", capability: .buildTool(), dependencies: ["castle-tool"]),
        .target(name: "CastleWiring", dependencies: ["Castle", .product(name: "ComponentFactory", package: "ComponentFactory")],
                plugins: ["CompileCastleWiring"]),
        .executableTarget(name: "castle", dependencies: ["CastleWiring", .product(name: "ComponentFactory", package: "ComponentFactory")]),
    ],
    swiftLanguageModes: [.v6]
)
