import ComponentFactory

// The 10-object graph's classes in a module of their own, as an app's would be: the
// hand-built graph (in wiring-benchmark) and the compiled wiring's printed makers (in
// GroveWiring) both call their initializers across the module boundary.

public final class Leaf { public let value: Int; public init(value: Int) { self.value = value } }
public final class Branch {
    public let left: Leaf, right: Leaf
    public init(left: Leaf, right: Leaf) { self.left = left; self.right = right }
}
public final class Trunk {
    public let first: Branch, second: Branch
    public init(first: Branch, second: Branch) { self.first = first; self.second = second }
}
public final class Tree {
    public let trunk: Trunk, label: String
    public init(trunk: Trunk, label: String) { self.trunk = trunk; self.label = label }
}
public final class Grove {
    public let tree: Tree, seedling: Leaf
    public init(tree: Tree, seedling: Leaf) { self.tree = tree; self.seedling = seedling }
}

/// A prototype set up after its initializer, as Typhoon's components often are: a
/// callback before its properties, two properties, and an init method.
public final class Lantern {
    public let label: String
    public var wick: Leaf?
    public var hours = 0
    public private(set) var isTrimmed = false, isLit = false
    public init(label: String) { self.label = label }
    public func trim() { isTrimmed = true }
    public func light() { isLit = wick != nil && hours > 0 }
}

/// Each class registered as the `@Component` macro registers it: a closure that only
/// calls the initializer, declared so with `callsInitializer`; each property by key
/// path, and each callback that only calls a method, declared so too.
public func groveRegistry() -> ComponentRegistry {
    var registry = ComponentRegistry()
    registry.register(Leaf.self) {
        $0.initializer("initWithValue:") { (value: Int) in Leaf(value: value) }
        $0.callsInitializer("initWithValue:", labels: ["value"])
    }
    registry.register(Branch.self) {
        $0.initializer("initWithLeft:right:") { (left: Leaf, right: Leaf) in Branch(left: left, right: right) }
        $0.callsInitializer("initWithLeft:right:", labels: ["left", "right"])
    }
    registry.register(Trunk.self) {
        $0.initializer("initWithFirst:second:") { (first: Branch, second: Branch) in Trunk(first: first, second: second) }
        $0.callsInitializer("initWithFirst:second:", labels: ["first", "second"])
    }
    registry.register(Tree.self) {
        $0.initializer("initWithTrunk:label:") { (trunk: Trunk, label: String) in Tree(trunk: trunk, label: label) }
        $0.callsInitializer("initWithTrunk:label:", labels: ["trunk", "label"])
    }
    registry.register(Grove.self) {
        $0.initializer("initWithTree:seedling:") { (tree: Tree, seedling: Leaf) in Grove(tree: tree, seedling: seedling) }
        $0.callsInitializer("initWithTree:seedling:", labels: ["tree", "seedling"])
    }
    registry.register(Lantern.self) {
        $0.initializer("initWithLabel:") { (label: String) in Lantern(label: label) }
        $0.callsInitializer("initWithLabel:", labels: ["label"])
        $0.property("wick", \.wick)
        $0.assignsProperty("wick", member: "wick")
        $0.property("hours", \.hours)
        $0.assignsProperty("hours", member: "hours")
        $0.callback("trim") { $0.trim() }
        $0.callsMethod("trim", method: "trim")
        $0.callback("light") { $0.light() }
        $0.callsMethod("light", method: "light")
    }
    return registry
}
