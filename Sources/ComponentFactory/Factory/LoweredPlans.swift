/// The last stage of compiling, after the plans are made and before a
/// factory runs them: each plan lowered into what the lookups read, once.
/// A plain component (see ``ProgramTable``) becomes a ``ResolutionProgram``;
/// every plan's arguments become slots that its registered closure reads
/// (``ArgumentTable``). Nothing is lowered while component post-processors
/// are registered, since each instance must pass through them.
///
/// ```swift
/// let lowered = LoweredPlans.lower(plans, hasPostProcessors: false)
/// let table = PlanTable(plans: plans, lowered: lowered, indexByKey: indexByKey, postProcessors: [], environment: nil)
/// ```
struct LoweredPlans: Sendable {
    /// The programs of the plain plans.
    let programs: ProgramTable
    /// Every plan's arguments, as its registered closure reads them.
    let arguments: ArgumentTable

    /// Lowers `plans`, numbered as the table will number them.
    static func lower(_ plans: [ComponentPlan], hasPostProcessors: Bool) -> LoweredPlans {
        let programs = ProgramTable(plans: plans, hasPostProcessors: hasPostProcessors)
        return LoweredPlans(programs: programs, arguments: ArgumentTable(plans: plans))
    }
}
