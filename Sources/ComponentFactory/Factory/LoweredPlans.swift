/// The last stage of compiling, after the plans are made and before a
/// factory runs them: each plan lowered into what the lookups read, once.
/// Every plan becomes the ``ResolutionProgram`` of its frame, and a plain
/// one a program that builds it straight through as well (see
/// ``ProgramTable``); with component post-processors registered, both pass
/// each instance through them. Every plan's arguments become slots that its
/// registered closure reads (``ArgumentTable``).
///
/// ```swift
/// let lowered = LoweredPlans.lower(plans, hasPostProcessors: false)
/// let table = PlanTable(plans: plans, lowered: lowered, indexByKey: indexByKey, postProcessors: [], environment: nil)
/// ```
struct LoweredPlans: Sendable {
    /// Every plan's programs.
    let programs: ProgramTable
    /// Every plan's arguments, as its registered closure reads them.
    let arguments: ArgumentTable

    /// Lowers `plans`, numbered as the table will number them.
    static func lower(_ plans: [ComponentPlan], hasPostProcessors: Bool) -> LoweredPlans {
        let programs = ProgramTable(plans: plans, hasPostProcessors: hasPostProcessors)
        return LoweredPlans(programs: programs, arguments: ArgumentTable(plans: plans))
    }
}
