/// The instances of one request scope, as plain data: those it was seeded
/// with, then the request components built in it, in the order added, for
/// closing newest first. A scope holds a handful: the first four sit in the
/// scope itself, with no allocation of their own (an array per scope was a
/// sixth of opening one in the scope benchmark), searched from the newest by
/// index, with no hashing; more go on in an array. The ``ScopeStorage``
/// that holds it does the locking, and reaches it in place, through a
/// pointer, so that reading it copies (and retains) no entry.
struct ScopeEntries {
    /// A component's index in the plans, and its instance.
    struct Entry {
        let index: Int
        let instance: Instance
    }

    private var first: Entry?
    private var second: Entry?
    private var third: Entry?
    private var fourth: Entry?
    private var more: [Entry] = []
    private var count = 0
    /// How many of the entries, from the start, were seeded rather than built.
    private var seededCount = 0
    /// Set by ``close()``: a closed scope keeps nothing more.
    private(set) var isClosed = false

    /// Adds a value the scope is seeded with: only before anything is built in it.
    mutating func seed(_ index: Int, _ instance: consuming Instance) {
        append(index, instance)
        seededCount += 1
    }

    /// Adds a request component built in the scope.
    mutating func append(_ index: Int, _ instance: consuming Instance) {
        let entry = Entry(index: index, instance: instance)
        switch count {
        case 0: first = entry
        case 1: second = entry
        case 2: third = entry
        case 3: fourth = entry
        default: more.append(entry)
        }
        count += 1
    }

    /// The instance kept for the component at `index`, if any.
    @inline(__always)
    func find(_ index: Int) -> Instance? {
        var position = more.count
        while position > 0 {
            position -= 1
            if more[position].index == index { return more[position].instance }
        }
        if fourth?.index == index { return fourth?.instance }
        if third?.index == index { return third?.instance }
        if second?.index == index { return second?.instance }
        if first?.index == index { return first?.instance }
        return nil
    }

    /// Closes the entries: what they held is handed back, and nothing is
    /// kept; nothing the second time. Moved out, with no copy: the caller
    /// takes the built components, newest first, with ``popBuilt()``.
    mutating func close() -> ScopeEntries {
        var taken = ScopeEntries()
        guard !isClosed else { return taken }
        swap(&self, &taken)
        isClosed = true
        return taken
    }

    /// The newest component built in the scope (not a seeded value), taken
    /// out; nil when none is left.
    mutating func popBuilt() -> Entry? {
        guard count > seededCount else { return nil }
        count -= 1
        switch count {
        case 0: defer { first = nil }; return first
        case 1: defer { second = nil }; return second
        case 2: defer { third = nil }; return third
        case 3: defer { fourth = nil }; return fourth
        default: return more.removeLast()
        }
    }

    /// Closes the entries, letting go of everything: when no component of the scope has a destroy method.
    mutating func discard() {
        isClosed = true
        (first, second, third, fourth) = (nil, nil, nil, nil)
        more = []
        count = 0
    }
}
