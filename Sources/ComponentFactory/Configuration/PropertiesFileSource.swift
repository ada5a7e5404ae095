import JavaProperties

/// A source backed by one `.properties` file that has already been read.
///
/// ```swift
/// let document = try PropertiesReader.read(contentsOfFile: "Config/app.properties")
/// let source = PropertiesFileSource(document: document)
/// source.property(forKey: "db.url")?.location  // Config/app.properties:3:1
/// ```
@_spi(Tooling)
public struct PropertiesFileSource: PropertySource {
    /// The file, read.
    public let document: PropertiesDocument

    /// A source answering from `document`.
    public init(document: PropertiesDocument) {
        self.document = document
    }

    /// The file's path.
    public var name: String { document.file }
    /// Every key of the file, in the order of its last assignment.
    public var listedKeys: [String] { Array(document.keys) }
    /// The file's map, ordered by key, from its bytes.
    public var listing: PropertyListing { document.listing }

    /// The last assignment of `key`, with its file and line.
    public func property(forKey key: String) -> PropertyValue? {
        document.value(forKey: key).map {
            PropertyValue(text: $0.value, location: SourceLocation(file: document.file, line: $0.line), sourceName: name)
        }
    }
}
