import Foundation
import ComponentFactoryMacros

/// A quest with a picture. Its two callbacks record that property injection
/// happened between them, which the tests check.
@Component(conformsTo: [(any Quest).self])
public final class CampaignQuest: Quest {
    public var imageURL: URL?
    /// What the callbacks saw, in order: `before(imageURL: nil)`, then `after(imageURL: …)`.
    public private(set) var lifecycle: [String] = []

    @Selector("init", "initWithImageUrl:")
    public init(imageURL: URL? = nil) {
        self.imageURL = imageURL
    }

    public var questName: String { "Campaign Quest" }

    @Callback public func questBeforePropertyInjection() {
        lifecycle.append("before(imageURL: \(imageURL?.absoluteString ?? "nil"))")
    }

    @Callback public func questAfterPropertyInjection() {
        lifecycle.append("after(imageURL: \(imageURL?.absoluteString ?? "nil"))")
    }

    public var description: String { "CampaignQuest(imageURL: \(imageURL?.absoluteString ?? "nil"))" }
}
