/// One instance a request scope keeps: a value it was seeded with, or a
/// request component built in it; held in the ``ScopeStorage``'s tail.
@usableFromInline
struct ScopeEntry {
    /// The component's index in the plans.
    let index: Int
    let instance: Instance
}
