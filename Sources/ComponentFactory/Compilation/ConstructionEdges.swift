/// What each component needs before its initializer can run: its
/// initializer's references (autowired ones included), its factory
/// component and its `depends-on` keys, by position. A loop of these can
/// never be built: `initializer-cycle`.
struct ConstructionEdges {
    /// One thing a component's construction needs.
    struct Need {
        var target: Int
        var site: SourceLocation
        var isDependsOn = false
    }

    private(set) var needs: [[Need]]

    init(count: Int) {
        needs = Array(repeating: [], count: count)
    }

    mutating func add(_ need: Need, from position: Int) {
        needs[position].append(need)
    }

    /// A component on the search's stack, by position, and the next of its needs to follow.
    private struct Frame {
        let position: Int
        var next = 0
    }

    /// Each cycle once, as the positions on it from where the search met
    /// it, and whether a `depends-on` closes any step of it. A depth-first
    /// search on an explicit stack, so that no chain of components, however
    /// long, can overflow the call stack; linear in the edges.
    func cycles() -> [(positions: [Int], closingAt: Int, throughDependsOn: Bool)] {
        let unseen = -1, done = -2
        var depthOf = [Int](repeating: unseen, count: needs.count)
        var found: [(positions: [Int], closingAt: Int, throughDependsOn: Bool)] = []
        var reported = Set<Set<Int>>()
        var stack: [Frame] = []
        for root in needs.indices where depthOf[root] == unseen && !needs[root].isEmpty {
            depthOf[root] = 0
            stack = [Frame(position: root)]
            while let top = stack.last {
                guard top.next < needs[top.position].count else {
                    depthOf[top.position] = done
                    stack.removeLast()
                    continue
                }
                let target = needs[top.position][top.next].target
                stack[stack.count - 1].next += 1
                guard depthOf[target] != done else { continue }
                if depthOf[target] >= 0 {
                    let frames = stack[depthOf[target]...]
                    let positions = frames.map(\.position)
                    if reported.insert(Set(positions)).inserted {
                        let throughDependsOn = frames.contains { needs[$0.position][$0.next - 1].isDependsOn }
                        found.append((positions, target, throughDependsOn))
                    }
                    continue
                }
                depthOf[target] = stack.count
                stack.append(Frame(position: target))
            }
        }
        return found
    }
}
