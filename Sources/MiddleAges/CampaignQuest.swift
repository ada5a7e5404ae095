import Foundation
import ComponentFactoryMacros

/// A quest with a picture. Its two callbacks record that property injection
/// happened between them, which the tests check.
@Component(conformsTo: [(any Quest).self])
public final class CampaignQuest: Quest {
    /// Where the quest's picture is; Typhoon's assembly calls it `imageUrl`.
    public var imageURL: URL?
    /// What the callbacks saw, in order: `before(imageURL: nil)`, then `after(imageURL: …)`.
    public private(set) var lifecycle: [String] = []

    /// A quest, with a picture when `imageURL` is given.
    @Selector("init", "initWithImageUrl:")
    public init(imageURL: URL? = nil) {
        self.imageURL = imageURL
    }

    /// "Campaign Quest".
    public var questName: String { "Campaign Quest" }

    /// Records that property injection is about to begin: Typhoon's `before-property-injection` callback.
    @Callback public func questBeforePropertyInjection() {
        lifecycle.append("before(imageURL: \(imageURL?.absoluteString ?? "nil"))")
    }

    /// Records that property injection has ended: Typhoon's `after-property-injection` callback.
    @Callback public func questAfterPropertyInjection() {
        lifecycle.append("after(imageURL: \(imageURL?.absoluteString ?? "nil"))")
    }

    public var description: String { "CampaignQuest(imageURL: \(imageURL?.absoluteString ?? "nil"))" }
}
