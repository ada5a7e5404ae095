/// The arguments the async lookup resolved for a synchronous registered
/// closure (whose arguments could suspend), read by ``ArgumentSource`` in
/// place of resolving each.
struct PreparedArguments {
    let receiver: Instance?
    let arguments: [Instance]

    init(_ resolved: borrowing AsyncArguments) {
        receiver = resolved.receiverInstance
        arguments = (0..<resolved.count).compactMap { resolved[$0] }
    }

    /// The argument at `position`; -1 is the factory component.
    func argument(_ position: Int) -> Instance? {
        position < 0 ? receiver : position < arguments.count ? arguments[position] : nil
    }
}
