import Foundation

/// A quest with a picture. Its two callbacks record that property injection
/// happened between them, which the tests check.
public final class CampaignQuest: Quest {
    public var imageURL: URL?
    /// What the callbacks saw, in order: `before(imageURL: nil)`, then `after(imageURL: …)`.
    public private(set) var lifecycle: [String] = []

    public init(imageURL: URL? = nil) {
        self.imageURL = imageURL
    }

    public var questName: String { "Campaign Quest" }

    public func questBeforePropertyInjection() {
        lifecycle.append("before(imageURL: \(imageURL?.absoluteString ?? "nil"))")
    }

    public func questAfterPropertyInjection() {
        lifecycle.append("after(imageURL: \(imageURL?.absoluteString ?? "nil"))")
    }

    public var description: String { "CampaignQuest(imageURL: \(imageURL?.absoluteString ?? "nil"))" }
}
