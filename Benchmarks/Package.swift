// swift-tools-version: 6.0
// Speed and memory measurements, kept out of the main build so that the peers
// they compare with never enter it. Run from this directory:
//   swift run -c release properties-benchmark
import PackageDescription

let package = Package(
    name: "ComponentFactoryBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "ComponentFactory", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "properties-benchmark",
            dependencies: [.product(name: "JavaProperties", package: "ComponentFactory")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
