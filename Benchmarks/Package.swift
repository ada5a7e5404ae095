// swift-tools-version: 6.0
// Speed and memory measurements, kept out of the main build so that the peers
// they compare with never enter it. Run from this directory:
//   swift run -c release properties-benchmark
//   swift run -c release assembly-benchmark
//   swift run -c release factory-benchmark
//   swift run -c release async-benchmark
//   swift run -c release parallel-startup-benchmark
//   swift run -c release scope-benchmark
//   swift run -c release wiring-benchmark
//   swift run -c release whole-process-benchmark   (after `swift build -c release --product factory` in ..)
//   swift run -c release language-server-benchmark
//   swift run -c release phase-timings assembly|properties FILE …
import PackageDescription

let package = Package(
    name: "ComponentFactoryBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "ComponentFactory", path: ".."),
        // Only here, as the peer the factory is compared with.
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
    ],
    targets: [
        // libxml2 called directly, as the baseline the assembly reader is measured against.
        .systemLibrary(name: "CLibXML2Baseline", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .executableTarget(
            name: "assembly-benchmark",
            dependencies: ["BenchmarkInputs", "CLibXML2Baseline", .product(name: "ComponentFactory", package: "ComponentFactory")]
        ),
        // glibc's malloc statistics, for the memory of the plans.
        .target(name: "CMallocStats"),
        .executableTarget(
            name: "factory-benchmark",
            dependencies: [
                "BenchmarkInputs",
                "CMallocStats",
                .product(name: "ComponentFactory", package: "ComponentFactory"),
                .product(name: "Swinject", package: "Swinject"),
            ]
        ),
        // The async lookup against the synchronous one and against `await` by hand (issue 25).
        .executableTarget(
            name: "async-benchmark",
            dependencies: ["BenchmarkInputs", .product(name: "ComponentFactory", package: "ComponentFactory")]
        ),
        // The async load along the graph against one singleton after another (issue 50).
        .executableTarget(
            name: "parallel-startup-benchmark",
            dependencies: ["BenchmarkInputs", .product(name: "ComponentFactory", package: "ComponentFactory")]
        ),
        // The graph's classes in a module of their own, its tool, and its compiled wiring (issue 64).
        .target(name: "GroveGraph", dependencies: [.product(name: "ComponentFactory", package: "ComponentFactory")]),
        .executableTarget(
            name: "grove-wiring",
            dependencies: ["GroveGraph", .product(name: "FactoryTool", package: "ComponentFactory")]
        ),
        .target(name: "GroveWiring", dependencies: ["GroveGraph", .product(name: "ComponentFactory", package: "ComponentFactory")]),
        // A prototype set up by setters and callbacks, in an assembly of its own (Assemblies/lantern.xml).
        .target(name: "LanternWiring", dependencies: ["GroveGraph", .product(name: "ComponentFactory", package: "ComponentFactory")]),
        .executableTarget(
            name: "wiring-benchmark",
            dependencies: ["BenchmarkInputs", "GroveGraph", "GroveWiring", .product(name: "ComponentFactory", package: "ComponentFactory")]
        ),
        .executableTarget(
            name: "lantern-benchmark",
            dependencies: ["BenchmarkInputs", "GroveGraph", "LanternWiring", .product(name: "ComponentFactory", package: "ComponentFactory")]
        ),
        .executableTarget(
            name: "scope-benchmark",
            dependencies: ["BenchmarkInputs", .product(name: "ComponentFactory", package: "ComponentFactory")]
        ),
        // Inputs generated the same way for every benchmark.
        .target(name: "BenchmarkInputs"),
        .executableTarget(
            name: "properties-benchmark",
            dependencies: ["BenchmarkInputs", .product(name: "JavaProperties", package: "ComponentFactory")]
        ),
        .executableTarget(name: "whole-process-benchmark", dependencies: ["BenchmarkInputs"]),
        // From process start to the first component, against Spring's application context.
        .executableTarget(name: "startup-benchmark", dependencies: [.product(name: "ComponentFactory", package: "ComponentFactory")]),
        // Stage by stage, in one process: where whole-process-benchmark's time goes.
        .executableTarget(
            name: "phase-timings",
            dependencies: [.product(name: "ComponentFactory", package: "ComponentFactory"),
                           .product(name: "FactoryTool", package: "ComponentFactory"),
                           .product(name: "JavaProperties", package: "ComponentFactory")]
        ),
        .executableTarget(
            name: "language-server-benchmark",
            dependencies: ["BenchmarkInputs", .product(name: "FactoryTool", package: "ComponentFactory")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
