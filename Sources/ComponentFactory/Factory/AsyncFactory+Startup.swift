/// The async load's building of its eager singletons: those that cannot
/// suspend first, one after another, as the synchronous load builds them;
/// then those that can, concurrently along the graph. Each group of them
/// (``CreationGroups``) is built in a child task once every group it needs is
/// built (``StartupSchedule``), so a server whose pool, cache and client
/// each connect for 100 ms waits for the longest chain of them, not the sum.
///
/// A singleton is still built once: each is built under its group's
/// creation lock, which a lookup made meanwhile waits on as well.
extension AsyncFactory {
    /// How one group's build ended, handed back from its task.
    private enum GroupBuild: Sendable {
        case built(group: Int, [LoadTimeline.Construction])
        /// The singleton at `plan` failed, with what its resolution threw.
        case failed(plan: Int, any Error)
    }

    /// Builds every singleton that is not `lazy-init` and not built yet. The
    /// first failure cancels what is still building, is logged at once, and
    /// is thrown, with the path from the eager singleton that needed the
    /// failing one, once every task has ended. What was built stays built,
    /// for the caller to destroy. Gives when each construction began and ended.
    @discardableResult
    nonisolated(nonsending) func buildEagerSingletons() async throws(DiagnosticReport) -> [LoadTimeline.Construction] {
        let factory = self.factory
        var constructions = try factory.buildEagerSingletonsWithoutSuspending()
        let roots = factory.eagerSingletons.map(\.index).filter { index in
            factory.table.suspensions.canSuspend(index) && factory.store.shared(factory.slot(index)) == nil
        }
        guard !roots.isEmpty else { return constructions }
        var schedule = StartupSchedule(groups: factory.table.creationGroups, roots: roots)
        let (built, failure) = await withTaskGroup(of: GroupBuild.self) { tasks in
            var built: [LoadTimeline.Construction] = []
            var failure: (plan: Int, error: any Error)?
            var ready = schedule.first
            var running = 0
            while true {
                while let group = ready.popLast() {
                    let singletons = schedule.singletons(of: group, in: factory.table.plans).filter { factory.store.shared(factory.slot($0)) == nil }
                    guard !singletons.isEmpty else {
                        ready += schedule.finish(group)
                        continue
                    }
                    let neededBy = schedule.neededBy(group)
                    tasks.addTask { await AsyncFactory(factory: factory).build(singletons, of: group, neededBy: neededBy) }
                    running += 1
                }
                guard running > 0, let ended = await tasks.next() else { break }
                running -= 1
                switch ended {
                case .built(let group, let made):
                    built += made
                    if failure == nil { ready += schedule.finish(group) }
                case .failed(let plan, let error):
                    // What the others throw once cancelled is the first failure's doing, not news.
                    guard failure == nil else { continue }
                    failure = (plan, error)
                    tasks.cancelAll()
                    factory.logger?.error("ComponentFactory: an eager singleton failed to build; the load cancels what is still building", metadata: [
                        "component": .string(factory.table.plans[plan].key),
                        "diagnostic": .string(DiagnosticReport(describing: error, at: factory.table.plans[plan].location).description),
                    ])
                }
            }
            return (built, failure)
        }
        if let failure {
            throw DiagnosticReport(describing: failure.error, at: factory.table.plans[failure.plan].location)
        }
        constructions += built.sorted { $0.began < $1.began }
        return constructions
    }

    /// Builds `singletons`, the unbuilt singletons of `group`, in order,
    /// each in a resolution for the components `neededBy`.
    nonisolated(nonsending) private func build(_ singletons: [Int], of group: Int, neededBy: [Int]) async -> GroupBuild {
        var made: [LoadTimeline.Construction] = []
        for index in singletons where factory.store.shared(factory.slot(index)) == nil {
            let plan = factory.table.plans[index]
            let began = ContinuousClock().now
            do {
                var resolution = Factory.AsyncResolution(neededBy: neededBy)
                _ = try await factory.instanceAsync(index, in: &resolution)
            } catch {
                return .failed(plan: index, error)
            }
            made.append(LoadTimeline.Construction(of: plan, since: began))
        }
        return .built(group: group, made)
    }
}
