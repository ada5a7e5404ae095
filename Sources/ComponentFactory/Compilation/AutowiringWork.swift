/// How much work autowiring took in one pass: what the tests count to show
/// it is linear in the members autowired, never a clock.
package struct AutowiringWork: Sendable, Equatable {
    /// How many members asked the type index for their candidates.
    package var questions = 0
    /// How many produced types were compared with an asked type: at most
    /// the distinct types per distinct asked type, since each answer is kept.
    package var typeComparisons = 0

    package init() {}

    /// The work of two halves of one pass.
    static func + (lhs: Self, rhs: Self) -> Self {
        var sum = lhs
        sum.questions += rhs.questions
        sum.typeComparisons += rhs.typeComparisons
        return sum
    }
}
