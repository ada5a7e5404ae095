import ComponentFactory
import Dispatch
import Foundation
import Synchronization
import Testing

/// Many threads resolving at once. Also run under ThreadSanitizer by `.ci/run`
/// (`swift test --sanitize=thread --filter FactoryConcurrencyTests`).
@Suite struct FactoryConcurrencyTests {
    static let threads = 8
    static let resolvesPerThread = 10_000

    private let components = """
        <component class="PetrolEngine" key="engine" scope="singleton" lazy-init="yes">
            <initializer selector="initWithHorsepower:"><argument parameterName="horsepower" value="90"/></initializer>
        </component>
        <component class="ElectricEngine" key="electric" scope="weak-singleton"/>
        <component class="Car" key="car" scope="prototype">
            <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
            <property name="owner" ref="driver"/>
        </component>
        <component class="Driver" key="driver"><property name="car" ref="car"/></component>
        """

    @Test func aLazySingletonIsBuiltExactlyOnceUnderContention() throws {
        let log = EventLog()
        let factory = try AssemblyFixture.factory(components, registry: Garage.registry(log: log))
        let identities = IdentitySet()
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
            var seen = Set<ObjectIdentifier>()
            for _ in 0..<Self.resolvesPerThread {
                do {
                    let car = try factory.component(forKey: "car", as: Car.self)
                    seen.insert(ObjectIdentifier(car.engine))
                    if car.owner?.car !== car { failures.add(1, ordering: .relaxed) }
                } catch {
                    failures.add(1, ordering: .relaxed)
                }
            }
            identities.add(seen)
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(log.count(of: "PetrolEngine(90)") == 1)
        #expect(identities.all.count == 1)
        #expect(log.count(of: "Car") == Self.threads * Self.resolvesPerThread)
    }

    @Test func aWeakSingletonHeldByEveryThreadIsOneInstance() throws {
        let factory = try AssemblyFixture.factory(components, registry: Garage.registry())
        let identities = IdentitySet()
        let failures = Atomic<Int>(0)
        // Each thread holds the instance while it resolves again, so while any thread
        // holds one, every resolve must return that same one.
        let anchor = try factory.component(forKey: "electric", as: ElectricEngine.self)
        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
            var seen = Set<ObjectIdentifier>()
            for _ in 0..<Self.resolvesPerThread {
                do {
                    seen.insert(ObjectIdentifier(try factory.component(forKey: "electric", as: ElectricEngine.self)))
                } catch {
                    failures.add(1, ordering: .relaxed)
                }
            }
            identities.add(seen)
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(identities.all == [ObjectIdentifier(anchor)])
    }

    @Test func weakSingletonsStayConsistentWhileReleasedAndRebuiltConcurrently() throws {
        let factory = try AssemblyFixture.factory(components, registry: Garage.registry())
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
            for _ in 0..<Self.resolvesPerThread / 10 {
                do {
                    // Two lookups while this thread holds the first must agree.
                    let first = try factory.component(forKey: "electric", as: ElectricEngine.self)
                    let second = try factory.component(forKey: "electric", as: ElectricEngine.self)
                    if first !== second { failures.add(1, ordering: .relaxed) }
                } catch {
                    failures.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
    }
}

/// What the threads saw, gathered under an NSLock that ThreadSanitizer understands.
private final class IdentitySet: @unchecked Sendable {
    private var identities = Set<ObjectIdentifier>()
    private let lock = NSLock()
    func add(_ seen: Set<ObjectIdentifier>) { lock.lock(); identities.formUnion(seen); lock.unlock() }
    var all: Set<ObjectIdentifier> { lock.lock(); defer { lock.unlock() }; return identities }
}
