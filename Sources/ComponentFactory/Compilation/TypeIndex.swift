/// Which components are of a type, for autowiring: built once per pass
/// from what each definition produces, and asked once per distinct type.
///
/// Definitions are grouped by the type they produce. A question about a
/// type compares it with each distinct produced type (a registry's worth,
/// not a definition's), and its answer is kept, so autowiring N members of
/// one type costs N lookups, not N scans of every definition.
///
/// ```swift
/// var types = TypeIndex(produced)               // produced[i]: what definition i makes, if known
/// types.candidates(for: InjectableType((any Quest).self))  // positions, in definition order
/// ```
struct TypeIndex {
    /// Each distinct produced type, and the positions of the definitions that produce it, in order.
    private var groups: [(type: ProducedType, positions: [Int])] = []
    /// The answers given so far, by the asked type's identity.
    private var answers: [ObjectIdentifier: [Int]] = [:]
    /// The questions asked and the comparisons they took.
    private(set) var work = AutowiringWork()

    /// `produced[position]` is what the definition there makes; nil for one that makes nothing known.
    init(_ produced: [ProducedType?]) {
        var groupOf: [ObjectIdentifier: Int] = [:]
        for (position, type) in produced.enumerated() {
            guard let type else { continue }
            if let group = groupOf[type.identity.id] {
                groups[group].positions.append(position)
            } else {
                groupOf[type.identity.id] = groups.count
                groups.append((type, [position]))
            }
        }
    }

    /// The positions of the definitions whose type `type` accepts, in
    /// definition order. `Any` accepts everything and autowires nothing, so
    /// it has no candidates.
    mutating func candidates(for type: InjectableType) -> [Int] {
        guard !type.acceptsAnything else { return [] }
        work.questions += 1
        if let known = answers[type.identity.id] { return known }
        var positions: [Int] = []
        var groupCount = 0
        work.typeComparisons += groups.count
        for group in groups where type.accepts(group.type) {
            positions += group.positions
            groupCount += 1
        }
        if groupCount > 1 { positions.sort() }
        answers[type.identity.id] = positions
        return positions
    }
}
