@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Foundation
import Testing

/// Patching while other threads resolve: run by `.ci/run` under ThreadSanitizer too.
struct PatcherConcurrencyTests {
    @Test func patchesComeAndGoWhileOtherThreadsResolve() throws {
        let (factory, patcher) = try Workshop.attachedPatcher(engineScope: "singleton")
        let unexpected = Counter()
        let resolved = Counter()

        DispatchQueue.concurrentPerform(iterations: 5) { worker in
            if worker == 0 {
                for round in 0..<300 {
                    try? patcher.patch("engine", with: StubEngine("stub \(round)"))
                    if round.isMultiple(of: 2) { patcher.rollback() } else { try? patcher.unpatch("engine") }
                }
                return
            }
            for _ in 0..<5_000 {
                guard let car = try? factory.component(forKey: "car", as: Car.self),
                      car.engine.name == "petrol" || car.engine.name.hasPrefix("stub ") else {
                    unexpected.increment()
                    continue
                }
                resolved.increment()
            }
        }

        #expect(unexpected.value == 0)
        #expect(resolved.value == 20_000)
        #expect(patcher.patchedKeys.isEmpty)
        #expect(try Workshop.engineName(factory) == "petrol")
    }
}
