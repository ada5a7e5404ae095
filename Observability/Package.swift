// swift-tools-version: 6.1
import PackageDescription

// The factory's metrics and traces, on swift-metrics and swift-distributed-tracing: a
// package of its own, so that neither the core, the tool nor the lifecycle product ever
// builds them. It reports what the lifecycle product tells a FactoryObserver.
let package = Package(
    name: "ComponentFactoryObservability",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ComponentFactoryObservability", targets: ["ComponentFactoryObservability"]),
    ],
    dependencies: [
        .package(name: "ComponentFactory", path: ".."),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        .target(
            name: "ComponentFactoryObservability",
            dependencies: [
                .product(name: "ComponentFactory", package: "ComponentFactory"),
                .product(name: "ComponentFactoryLifecycle", package: "ComponentFactory"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        .testTarget(
            name: "ComponentFactoryObservabilityTests",
            dependencies: [
                "ComponentFactoryObservability",
                .product(name: "ComponentFactoryTesting", package: "ComponentFactory"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ]
)
