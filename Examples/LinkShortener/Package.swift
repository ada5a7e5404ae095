// swift-tools-version: 6.1
import PackageDescription

// A link shortener served by Hummingbird 2 on PostgreSQL, wired by an
// assembly: a package of its own, so that the main build never builds
// Hummingbird, PostgresNIO, AsyncHTTPClient, swift-prometheus or swift-otel.
let package = Package(
    name: "LinkShortener",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "links", targets: ["links"]),
        .executable(name: "links-tool", targets: ["links-tool"]),
        .executable(name: "links-load", targets: ["links-load"]),
        .executable(name: "links-inprocess", targets: ["links-inprocess"]),
    ],
    dependencies: [
        .package(name: "ComponentFactory", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(name: "ComponentFactoryObservability", path: "../../Observability"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.0"),
        // Only its OTLP/HTTP exporter: not gRPC.
        .package(url: "https://github.com/swift-otel/swift-otel", from: "1.6.0", traits: ["OTLPHTTP"]),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    ],
    targets: [
        .target(
            name: "Links",
            dependencies: [
                .product(name: "ComponentFactory", package: "ComponentFactory"),
                .product(name: "ComponentFactoryLifecycle", package: "ComponentFactory"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ComponentFactoryObservability", package: "ComponentFactoryObservability"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "OTel", package: "swift-otel"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Metrics", package: "swift-metrics"),
            ]
        ),
        .executableTarget(name: "links", dependencies: ["Links"]),
        .executableTarget(
            name: "links-tool",
            dependencies: ["Links", .product(name: "FactoryTool", package: "ComponentFactory")]
        ),
        .executableTarget(name: "links-inprocess", dependencies: ["Links"]),
        .executableTarget(
            name: "links-load",
            dependencies: [.product(name: "AsyncHTTPClient", package: "async-http-client")]
        ),
        .testTarget(
            name: "LinksTests",
            dependencies: [
                "Links",
                .product(name: "ComponentFactory", package: "ComponentFactory"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ]
)
