// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ComponentFactory",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "JavaProperties", targets: ["JavaProperties"]),
        .library(name: "ComponentFactory", targets: ["ComponentFactory"]),
        .library(name: "FactoryTool", targets: ["FactoryTool"]),
        .executable(name: "factory", targets: ["factory"]),
        .library(name: "MiddleAges", targets: ["MiddleAges"]),
        .executable(name: "middle-ages", targets: ["middle-ages"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(name: "JavaProperties"),
        .target(name: "ComponentFactory", dependencies: ["JavaProperties", "CLibXML2"]),
        .target(
            name: "FactoryTool",
            dependencies: [
                "ComponentFactory",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "factory", dependencies: ["FactoryTool"]),
        .target(name: "MiddleAges", dependencies: ["ComponentFactory"]),
        .executableTarget(name: "middle-ages", dependencies: ["FactoryTool", "MiddleAges"]),
        .testTarget(name: "JavaPropertiesTests", dependencies: ["JavaProperties"], resources: [.copy("Fixtures")]),
        .testTarget(name: "ComponentFactoryTests", dependencies: ["ComponentFactory", "JavaProperties"]),
        .testTarget(name: "FactoryToolTests", dependencies: ["FactoryTool"], resources: [.copy("Fixtures")]),
        .testTarget(name: "MiddleAgesTests", dependencies: ["MiddleAges", "FactoryTool"], resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
