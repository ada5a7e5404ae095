/// The value sites of a build from compiled wiring, each as it resolved,
/// component by component in the image's order (each component's in the
/// order its plan is made: arguments, then properties, an item's items
/// first). What the next build of the same image, for a configuration read
/// again, tells by whether a component's plan still holds.
struct ResolvedTexts: Sendable {
    /// Every site's resolved text, one component's after another's.
    private(set) var texts: [String] = []
    /// Whether each site is one key's placeholder alone whose value holds
    /// none: its text is that key's text as set, and stays so while it does.
    private var plain: [Bool] = []
    /// Where each component's texts end in `texts`, by plan index.
    private(set) var ends: [Int] = []

    /// Room for `components` components' texts, about one site each.
    init(components: Int) {
        texts.reserveCapacity(components)
        plain.reserveCapacity(components)
        ends.reserveCapacity(components)
    }

    /// The positions in ``texts`` of the component at `index`, which has ended.
    func positions(of index: Int) -> Range<Int> {
        (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }

    /// Whether the site at `position` is plain.
    func isPlain(at position: Int) -> Bool {
        plain[position]
    }

    /// How many texts there are so far.
    var count: Int { texts.count }

    mutating func append(_ text: String, isPlain: Bool) {
        texts.append(text)
        plain.append(isPlain)
    }

    /// The texts past the first `count` taken back.
    mutating func truncate(to count: Int) {
        texts.removeSubrange(count...)
        plain.removeSubrange(count...)
    }

    /// The component whose texts were appended since the last one ended, ended.
    mutating func endComponent() {
        ends.append(texts.count)
    }
}
