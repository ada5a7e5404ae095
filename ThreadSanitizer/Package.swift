// swift-tools-version: 6.1
// The suites that run threads against each other, built and run under
// ThreadSanitizer by .ci/run: `swift test --sanitize=thread` here. A package of
// its own, as Fuzz/ is, so that the instrumented build compiles only the
// libraries these suites use, not swift-syntax. The suites are the main
// package's own files, linked here, so they also run uninstrumented in the main
// package's `swift test`; the reloading suite, which needs the main package's
// Reloading trait (off by default), runs here only. ConcurrencyAcceptanceTests is
// this package's own: components as an outside app in Swift 6 mode writes them,
// with the macros (so this package builds swift-syntax too), main-actor and actor
// types and async initializers, looked up from the main actor and detached tasks.
import PackageDescription

let package = Package(
    name: "ComponentFactoryRaces",
    platforms: [.macOS(.v15)],
    dependencies: [
        // With Reloading, so that ReloadingFileProvider(propertiesFile:) and its suite build here.
        .package(name: "ComponentFactory", path: "..", traits: ["Reloading"]),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0", traits: ["Reloading"]),
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
    ],
    targets: [
        .testTarget(
            name: "ComponentFactoryRaceTests",
            dependencies: [
                .product(name: "ComponentFactory", package: "ComponentFactory"),
                .product(name: "ComponentFactoryTesting", package: "ComponentFactory"),
            ]
        ),
        .testTarget(
            name: "ComponentFactoryTestingRaceTests",
            dependencies: [.product(name: "ComponentFactoryTesting", package: "ComponentFactory")]
        ),
        .testTarget(
            name: "ReloadingRaceTests",
            dependencies: [
                .product(name: "ComponentFactoryConfiguration", package: "ComponentFactory"),
                .product(name: "ComponentFactoryTesting", package: "ComponentFactory"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "ConfigurationTesting", package: "swift-configuration"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: [.define("Reloading")]
        ),
        .testTarget(
            name: "ConcurrencyAcceptanceTests",
            dependencies: [
                .product(name: "ComponentFactory", package: "ComponentFactory"),
                .product(name: "ComponentFactoryMacros", package: "ComponentFactory"),
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "JavaPropertiesRaceTests",
            dependencies: [.product(name: "JavaProperties", package: "ComponentFactory")],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
