/// The engine's side of the registers: it allocates them for a frame or a
/// run that suspends, fills each before the closure that takes it runs, and
/// lets go of what a failure left. ``Arguments`` reads them, on the
/// registry's side of the line.
extension ArgumentRegisters {
    /// `count` registers, all empty, in memory of their own, for a frame or
    /// a run that suspends, which outlive the call that makes them. The
    /// caller ends with ``deallocate()``.
    static func allocate(_ count: Int) -> ArgumentRegisters {
        let count = max(1, count)
        let words = (count + 63) / 64
        let filled = UnsafeMutablePointer<UInt64>.allocate(capacity: words)
        filled.initialize(repeating: 0, count: words)
        return ArgumentRegisters(base: .allocate(capacity: count), filled: filled, words: words)
    }

    /// Lets go of every instance still held, and of the memory ``allocate(_:)`` gave.
    func deallocate() {
        empty()
        base.deallocate()
        filled.deallocate()
    }

    /// Puts `instance` in `register`, which holds none: each register is filled once.
    func put(_ instance: consuming Instance, in register: Int) {
        (base + register).initialize(to: instance)
        filled[register &>> 6] |= 1 &<< UInt64(truncatingIfNeeded: register)
    }

    /// Lets go of every instance still held.
    func empty() {
        var word = 0
        while word < words {
            while filled[word] != 0 {
                _ = take(word &<< 6 + filled[word].trailingZeroBitCount)
            }
            word += 1
        }
    }
}
