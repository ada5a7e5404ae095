/// The registers of a ``ResolutionProgram`` while it runs: one instance
/// each, in memory on the running thread's stack, and a word whose bits say
/// which registers hold one. Each register is filled once and emptied
/// once, by the one maker that needs its instance; a failure, or a
/// subtree skipped because its component was kept already, leaves some
/// filled, which ``empty()`` lets go. Reading the word, not an optional
/// per register, spares a call to release nothing each time one is emptied.
@usableFromInline
struct ProgramRegisters {
    /// At most 64 registers: ``ResolutionProgram/maximumSize`` is less.
    @usableFromInline let base: UnsafeMutablePointer<Instance>
    @usableFromInline let filled: UnsafeMutablePointer<UInt64>

    /// The instance in `register`, moved out; nil when it holds none.
    @inlinable @inline(__always)
    func take(_ register: Int) -> Instance? {
        let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: register)
        guard filled.pointee & bit != 0 else { return nil }
        filled.pointee &= ~bit
        return (base + register).move()
    }

    /// The instance in `register`, moved out, when it is exactly of the
    /// class `Value` (most arguments are); nil, and left in place, otherwise.
    @inlinable @inline(__always)
    func take<Value>(_ register: Int, ifExactly wanted: Value.Type) -> Value? {
        guard filled.pointee & (1 &<< UInt64(truncatingIfNeeded: register)) != 0,
              ObjectIdentifier(type(of: (base + register).pointee.object)) == ObjectIdentifier(Value.self) else { return nil }
        return take(register).map { unsafeBitCast($0.object, to: Value.self) }
    }

    /// Puts `instance` in `register`, which holds none: a program fills each register once.
    func put(_ instance: consuming Instance, in register: Int) {
        (base + register).initialize(to: instance)
        filled.pointee |= 1 &<< UInt64(truncatingIfNeeded: register)
    }

    /// Lets go of every instance still held.
    func empty() {
        while filled.pointee != 0 {
            _ = take(filled.pointee.trailingZeroBitCount)
        }
    }
}
