/// The last stage of compiling, after the plans are made and before a
/// factory runs them: each plan lowered into what the lookups read, once.
/// Every plan becomes the ``ResolutionProgram`` of its frame, and a plain
/// one a program that builds it straight through as well (see
/// ``ProgramTable``); with component post-processors registered, both pass
/// each instance through them; and every plan's arguments become slots that
/// its registered closure reads.
///
/// ```swift
/// let lowered = LoweredPlans.lower(plans, hasPostProcessors: false)
/// let table = PlanTable(plans: plans, lowered: lowered, indexByKey: indexByKey, postProcessors: [], environment: nil)
/// ```
struct LoweredPlans: Sendable {
    /// Every plan's programs, and its arguments' slots.
    let programs: ProgramTable

    /// Lowers `plans`, numbered as the table will number them.
    static func lower(_ plans: [ComponentPlan], hasPostProcessors: Bool) -> LoweredPlans {
        LoweredPlans(programs: ProgramTable(plans: plans, hasPostProcessors: hasPostProcessors))
    }
}
