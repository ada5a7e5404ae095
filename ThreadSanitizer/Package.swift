// swift-tools-version: 6.1
// The suites that run threads against each other, built and run under
// ThreadSanitizer by .ci/run: `swift test --sanitize=thread` here. A package of
// its own, as Fuzz/ is, so that the instrumented build compiles only the
// libraries these suites use: not swift-syntax, and not the Reloading trait's
// tree (the reloading provider's suite runs in the main package's test run,
// which CI builds with every trait on). The suites are the main package's own
// files, linked here, so they also run uninstrumented in the main package's
// `swift test`. ConcurrencyAcceptanceTests is this package's own: components as
// an outside app in Swift 6 mode writes them (registered by hand, so no macros),
// main-actor and actor types and async initializers, looked up from the main
// actor and detached tasks.
import PackageDescription

let package = Package(
    name: "ComponentFactoryRaces",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "ComponentFactory", path: ".."),
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
            name: "ConcurrencyAcceptanceTests",
            dependencies: [
                .product(name: "ComponentFactory", package: "ComponentFactory"),
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
