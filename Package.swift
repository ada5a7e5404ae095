// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "ComponentFactory",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "JavaProperties", targets: ["JavaProperties"]),
        .library(name: "ComponentFactory", targets: ["ComponentFactory"]),
        .library(name: "FactoryTool", targets: ["FactoryTool"]),
        .library(name: "ComponentFactoryTesting", targets: ["ComponentFactoryTesting"]),
        // The bridge to apple/swift-configuration, a product of its own: the core and the tool never build it.
        .library(name: "ComponentFactoryConfiguration", targets: ["ComponentFactoryConfiguration"]),
        // Opt-in registration macros, a product of their own: only apps that use them build swift-syntax.
        .library(name: "ComponentFactoryMacros", targets: ["ComponentFactoryMacros"]),
        // Services on swift-service-lifecycle, a product of its own: the core and the tool never build it.
        .library(name: "ComponentFactoryLifecycle", targets: ["ComponentFactoryLifecycle"]),
        .executable(name: "factory", targets: ["factory"]),
        // Checks at build time: the registry-free checks of a target's assemblies (and its typed keys) on every build
        // that changes them; and `swift package validate-assemblies --tool <app's tool>` for the registry-aware ones.
        .plugin(name: "CheckAssemblies", targets: ["CheckAssemblies"]),
        .plugin(name: "ValidateAssemblies", targets: ["ValidateAssemblies"]),
        // Registration in one call: `registry.registerComponents()`, generated at build time from a target's
        // @Component and @Settings types. It builds swift-syntax's parser, as the macros do. No target of this
        // package applies it: SwiftPM prepares the plugins of every target in a graph, so a dependent package would
        // build swift-syntax for it. The box office in Tests/CheckAssembliesFixture, an outside app, applies it.
        .plugin(name: "RegisterComponents", targets: ["RegisterComponents"]),
        // The examples (MiddleAges, HumanResources, Tweeter and their tools) are targets with no product: no user of
        // the package sees them, and `swift run middle-ages` (`human-resources`, `tweeter`) still runs each tool here.
    ],
    traits: [
        // ReloadingFileProvider(propertiesFile:) in ComponentFactoryConfiguration, on swift-configuration's
        // Reloading trait, which brings swift-service-lifecycle, swift-async-algorithms and swift-metrics.
        .trait(name: "Reloading", description: "ReloadingFileProvider(propertiesFile:) in ComponentFactoryConfiguration"),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // Reloading only when this package's Reloading trait is on: off by default.
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0",
                 traits: ["JSON", .trait(name: "Reloading", condition: .when(traits: ["Reloading"]))]),
        // FilePath, in the bridge's API; swift-configuration depends on it already.
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0"),
        // Only for ComponentFactoryLifecycle.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // Only for `swift package generate-documentation`: a plugin, never linked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // File reading, work on Dispatch's threads, directory watching, huge
        // pages, path rules, locks and read sections: the one home of what touches the operating system,
        // shared as `package` API (`Locked` and `ReadSections` public, to be
        // inlined); with the C it needs (membarrier, a compiler barrier).
        .target(name: "CSystemSupport"),
        .target(name: "SystemSupport", dependencies: ["CSystemSupport"]),
        .target(name: "JavaProperties", dependencies: ["SystemSupport"]),
        .target(
            name: "ComponentFactory",
            // CSystemSupport directly too: a read section's marks, inlined here, call its compiler barrier.
            dependencies: ["JavaProperties", "SystemSupport", "CSystemSupport", "CLibXML2", .product(name: "Logging", package: "swift-log")],
            // The engine's header: how a lookup runs, and the budget for unsafe code.
            exclude: ["Factory/README.md"]
        ),
        .target(
            name: "ComponentFactoryConfiguration",
            dependencies: [
                "ComponentFactory", "JavaProperties",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .target(
            name: "FactoryTool",
            dependencies: [
                "ComponentFactory", "SystemSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "ComponentFactoryTesting", dependencies: ["ComponentFactory", "SystemSupport"]),
        .target(
            name: "ComponentFactoryLifecycle",
            dependencies: [
                "ComponentFactory",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .macro(
            name: "ComponentFactoryMacrosPlugin",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        .target(name: "ComponentFactoryMacros", dependencies: ["ComponentFactory", "ComponentFactoryMacrosPlugin"]),
        .executableTarget(name: "factory", dependencies: ["FactoryTool"]),
        .plugin(name: "CheckAssemblies", capability: .buildTool(), dependencies: ["factory"], path: "Sources/Plugins/CheckAssemblies"),
        .executableTarget(
            name: "component-registrations",
            dependencies: [
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]
        ),
        .plugin(name: "RegisterComponents", capability: .buildTool(), dependencies: ["component-registrations"],
                path: "Sources/Plugins/RegisterComponents"),
        .plugin(
            name: "ValidateAssemblies",
            capability: .command(intent: .custom(verb: "validate-assemblies",
                                                 description: "Build the app's own tool (--tool PRODUCT) and run its validate")),
            path: "Sources/Plugins/ValidateAssemblies"
        ),
        // Checked on every build that changes its assembly or configuration, with typed keys for its users and tests.
        .target(name: "MiddleAges", dependencies: ["ComponentFactory", "ComponentFactoryMacros"], exclude: ["component-factory.json"],
                plugins: ["CheckAssemblies"]),
        .executableTarget(name: "middle-ages", dependencies: ["FactoryTool", "MiddleAges"]),
        .target(name: "HumanResources", dependencies: ["ComponentFactory", "ComponentFactoryMacros", "CSQLite"]),
        .executableTarget(name: "human-resources", dependencies: ["FactoryTool", "HumanResources"]),
        .target(name: "Tweeter", dependencies: ["ComponentFactory", "ComponentFactoryMacros"]),
        .executableTarget(name: "tweeter", dependencies: ["FactoryTool", "Tweeter"]),
        .testTarget(name: "SystemSupportTests", dependencies: ["SystemSupport"]),
        // Its fixtures are read next to the test sources, as the ThreadSanitizer package reads them too.
        .testTarget(name: "JavaPropertiesTests", dependencies: ["JavaProperties"], exclude: ["Fixtures"]),
        .testTarget(name: "ComponentFactoryTests", dependencies: ["ComponentFactory", "ComponentFactoryTesting", "JavaProperties",
                                                                 .product(name: "Logging", package: "swift-log")],
                    resources: [.copy("Fixtures")]),
        // A small app whose compiled wiring has printed makers; its tests are in FactoryToolTests.
        .target(name: "WiringFixture", dependencies: ["ComponentFactory"], path: "Tests/WiringFixture", exclude: ["Assemblies", "Config"]),
        .testTarget(name: "FactoryToolTests", dependencies: ["FactoryTool", "ComponentFactoryTesting", "SystemSupport", "WiringFixture"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "MiddleAgesTests", dependencies: ["MiddleAges", "FactoryTool", "ComponentFactoryTesting", "CLibXML2"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "ComponentFactoryTestingTests", dependencies: ["ComponentFactoryTesting"]),
        .testTarget(
            name: "ComponentFactoryLifecycleTests",
            dependencies: [
                "ComponentFactoryLifecycle", "ComponentFactoryTesting",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "ComponentFactoryMacrosTests",
            dependencies: [
                "ComponentFactoryMacros", "ComponentFactoryMacrosPlugin", "ComponentFactoryTesting",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
            ]
        ),
        .testTarget(
            name: "ComponentFactoryConfigurationTests",
            dependencies: [
                "ComponentFactoryConfiguration", "ComponentFactoryTesting",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "ConfigurationTesting", package: "swift-configuration"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "ComponentRegistrationsTests", dependencies: ["component-registrations"]),
        .testTarget(name: "HumanResourcesTests", dependencies: ["HumanResources", "ComponentFactoryTesting"]),
        .testTarget(name: "TweeterTests", dependencies: ["Tweeter", "FactoryTool", "ComponentFactoryTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
