import Foundation

/// Something a knight sets out to do.
public protocol Quest: AnyObject, CustomStringConvertible {
    /// The quest's name.
    var questName: String { get }
    /// Where the quest's picture is, if it has one.
    var imageURL: URL? { get }
}
