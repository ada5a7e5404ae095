// swift-tools-version: 6.0
// libFuzzer targets, kept out of the main build. Build and run them with
// ./fuzz (see docs/fuzzing.md): toolset.json adds -sanitize=fuzzer,address.
import PackageDescription

let package = Package(
    name: "ComponentFactoryFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "ComponentFactory", path: ".."),
    ],
    targets: [
        .target(name: "FuzzSupport"),
        .executableTarget(
            name: "fuzz-properties",
            dependencies: ["FuzzSupport", .product(name: "JavaProperties", package: "ComponentFactory")]
        ),
        .executableTarget(
            name: "fuzz-placeholders",
            dependencies: ["FuzzSupport", .product(name: "ComponentFactory", package: "ComponentFactory")]
        ),
        .executableTarget(
            name: "fuzz-assembly",
            dependencies: ["FuzzSupport", .product(name: "ComponentFactory", package: "ComponentFactory")]
        ),
        .executableTarget(
            name: "fuzz-wiring",
            dependencies: ["FuzzSupport", .product(name: "ComponentFactory", package: "ComponentFactory")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
