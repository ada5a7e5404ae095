import CLibXML2

/// libxml2 must be initialised once before threads use it.
enum LibXMLInitialization {
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    static func once() {
        _ = initialized
    }
}
