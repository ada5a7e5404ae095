/// The state of one top-level resolution: the object-graph instances it
/// shares, the instances published before their properties are set (so a
/// cycle through properties finds them), the components still inside their
/// initializer (so a cycle through initializers is caught), and property
/// injections waiting for such a component.
final class Resolution {
    private(set) var published: [(index: Int, instance: Any)] = []
    private(set) var constructing: [Int] = []
    private var graph: [Int: Any] = [:]
    private var waiting: [(target: Int, inject: (Any) throws -> Void)] = []

    func inProgress(_ index: Int) -> Any? {
        for entry in published.reversed() where entry.index == index {
            return entry.instance
        }
        return nil
    }

    func isConstructing(_ index: Int) -> Bool { constructing.contains(index) }

    func beginConstruction(_ index: Int) { constructing.append(index) }

    func endConstruction() { constructing.removeLast() }

    func publish(_ index: Int, _ instance: Any) { published.append((index, instance)) }

    func unpublish() { published.removeLast() }

    func graphInstance(_ index: Int) -> Any? { graph[index] }

    func keepInGraph(_ index: Int, _ instance: Any) { graph[index] = instance }

    /// Runs `inject` with the instance of `target` once it leaves its initializer.
    func wait(for target: Int, _ inject: @escaping (Any) throws -> Void) {
        waiting.append((target, inject))
    }

    /// The injections waiting for `index`, removed.
    func takeWaiting(for index: Int) -> [(Any) throws -> Void] {
        guard waiting.contains(where: { $0.target == index }) else { return [] }
        let ready = waiting.filter { $0.target == index }.map(\.inject)
        waiting.removeAll { $0.target == index }
        return ready
    }
}
