/// Why a registered closure could not take an argument: its type does not
/// fit, as when a post-processor or a patch hands over something else.
@usableFromInline
struct ArgumentTypeFailure: Error, CustomStringConvertible {
    /// The parameter's position, from 0; -1 is a factory method's factory component.
    let index: Int
    let expected: String
    let actual: String

    @usableFromInline
    init(index: Int, expected: String, actual: String) {
        self.index = index
        self.expected = expected
        self.actual = actual
    }

    @usableFromInline
    var description: String {
        let what = index < 0 ? "the factory component" : "argument \(index + 1)"
        return "\(what) is \(actual), which does not fit \(expected)"
    }
}
