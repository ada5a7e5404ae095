// swift-tools-version: 6.0
// Speed and memory measurements, kept out of the main build so that the peers
// they compare with never enter it. Run from this directory:
//   swift run -c release properties-benchmark
//   swift run -c release assembly-benchmark
import PackageDescription

let package = Package(
    name: "ComponentFactoryBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "ComponentFactory", path: ".."),
    ],
    targets: [
        // libxml2 called directly, as the baseline the assembly reader is measured against.
        .systemLibrary(name: "CLibXML2Baseline", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .executableTarget(
            name: "assembly-benchmark",
            dependencies: ["CLibXML2Baseline", .product(name: "ComponentFactory", package: "ComponentFactory")]
        ),
        .executableTarget(
            name: "properties-benchmark",
            dependencies: [.product(name: "JavaProperties", package: "ComponentFactory")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
