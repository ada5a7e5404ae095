public enum ComponentFactoryVersion { public static let current = "0.1.0" }
