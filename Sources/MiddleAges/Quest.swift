import Foundation

/// Something a knight sets out to do.
public protocol Quest: AnyObject, CustomStringConvertible {
    var questName: String { get }
    var imageURL: URL? { get }
}
