@_spi(Tooling) import ComponentFactory
import MiddleAges
import Synchronization

// The small classes of Typhoon 1.8's circular-dependency tests, and a
// registry with them added to the MiddleAges one.

final class ClassADependsOnB { var dependencyOnB: ClassBDependsOnA? }
final class ClassBDependsOnA { var dependencyOnA: ClassADependsOnB? }
final class ClassCDependsOnDAndE { var dependencyOnD: ClassDDependsOnC?; var dependencyOnE: ClassEDependsOnC? }
final class ClassDDependsOnC { var dependencyOnC: ClassCDependsOnDAndE? }
final class ClassEDependsOnC { var dependencyOnC: ClassCDependsOnDAndE? }
final class PrototypePropertyInjected { var prototypeInitInjected: PrototypeInitInjected? }
final class PrototypeInitInjected {
    let prototypePropertyInjected: PrototypePropertyInjected
    init(dependency: PrototypePropertyInjected) { prototypePropertyInjected = dependency }
}
final class CROSingletonA { var prototypeA: CROPrototypeA?; var prototypeB: CROPrototypeB? }
final class CROPrototypeA { let prototypeB: CROPrototypeB; init(prototypeB: CROPrototypeB) { self.prototypeB = prototypeB } }
final class CROPrototypeB {
    let singletonA: CROSingletonA?
    let prototypeA: CROPrototypeA?
    init(singletonA: CROSingletonA?, prototypeA: CROPrototypeA?) { self.singletonA = singletonA; self.prototypeA = prototypeA }
}
final class SingletonA { var dependencyOnB: SingletonB? }
final class SingletonB { var dependencyOnNotSingletonA: NotSingletonA? }
final class NotSingletonA { let dependencyOnA: SingletonA; init(singletonA: SingletonA) { dependencyOnA = singletonA } }

/// A component post-processor declared in an assembly: counts the knights it sees.
final class KnightCounter: ComponentPostProcessor {
    private let count = Mutex(0)
    var knights: Int { count.withLock { $0 } }
    func postProcess(_ component: Any, key: String) throws -> Any {
        if component is Knight { count.withLock { $0 += 1 } }
        return component
    }
}

enum TyphoonRegistry {
    static func make() throws -> ComponentRegistry {
        var registry = try MiddleAgesRegistry.make()
        registry.register(ClassADependsOnB.self) { $0.initializer { ClassADependsOnB() }; $0.property("dependencyOnB", \.dependencyOnB) }
        registry.register(ClassBDependsOnA.self) { $0.initializer { ClassBDependsOnA() }; $0.property("dependencyOnA", \.dependencyOnA) }
        registry.register(ClassCDependsOnDAndE.self) { c in
            c.initializer { ClassCDependsOnDAndE() }
            c.property("dependencyOnD", \.dependencyOnD)
            c.property("dependencyOnE", \.dependencyOnE)
        }
        registry.register(ClassDDependsOnC.self) { $0.initializer { ClassDDependsOnC() }; $0.property("dependencyOnC", \.dependencyOnC) }
        registry.register(ClassEDependsOnC.self) { $0.initializer { ClassEDependsOnC() }; $0.property("dependencyOnC", \.dependencyOnC) }
        registry.register(PrototypePropertyInjected.self) { p in
            p.initializer { PrototypePropertyInjected() }
            p.property("prototypeInitInjected", \.prototypeInitInjected)
        }
        registry.register(PrototypeInitInjected.self) { p in
            p.initializer("initWithDependency:") { (dependency: PrototypePropertyInjected) in PrototypeInitInjected(dependency: dependency) }
        }
        registry.register(CROSingletonA.self) { s in
            s.initializer { CROSingletonA() }
            s.property("prototypeA", \.prototypeA)
            s.property("prototypeB", \.prototypeB)
        }
        registry.register(CROPrototypeA.self) { p in
            p.initializer("initWithCROPrototypeB:") { (b: CROPrototypeB) in CROPrototypeA(prototypeB: b) }
        }
        registry.register(CROPrototypeB.self) { p in
            p.initializer("initWithCROSingletonA:") { (a: CROSingletonA) in CROPrototypeB(singletonA: a, prototypeA: nil) }
            p.initializer("initWithCROPrototypeA:") { (a: CROPrototypeA) in CROPrototypeB(singletonA: nil, prototypeA: a) }
        }
        registry.register(SingletonA.self) { $0.initializer { SingletonA() }; $0.property("dependencyOnB", \.dependencyOnB) }
        registry.register(SingletonB.self) { s in
            s.initializer { SingletonB() }
            s.property("dependencyOnNotSingletonA", \.dependencyOnNotSingletonA)
        }
        registry.register(NotSingletonA.self) { n in
            n.initializer("initWithSingletonA:") { (a: SingletonA) in NotSingletonA(singletonA: a) }
        }
        registry.register(KnightCounter.self) { $0.initializer { KnightCounter() } }
        return registry
    }
}
