import JavaProperties

/// A source backed by one `.properties` file that has already been read.
///
/// ```swift
/// let document = try PropertiesReader.read(contentsOfFile: "Config/app.properties")
/// let source = PropertiesFileSource(document: document)
/// source.property(forKey: "db.url")?.location  // Config/app.properties:3:1
/// ```
public struct PropertiesFileSource: PropertySource {
    public let document: PropertiesDocument

    public init(document: PropertiesDocument) {
        self.document = document
    }

    public var name: String { document.file }
    public var listedKeys: [String] { Array(document.keys) }
    public var listing: PropertyListing { document.listing }

    public func property(forKey key: String) -> PropertyValue? {
        document.entry(forKey: key).map {
            PropertyValue(text: $0.value, location: SourceLocation(file: document.file, line: $0.line), sourceName: name)
        }
    }
}
