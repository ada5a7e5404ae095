/// Where the factory puts the instances a registered closure takes as its
/// arguments, before calling it: one instance a register, in memory on
/// the calling thread's stack (or of their own, for a frame or a run that
/// suspends), and words whose bits say which registers hold one. Each
/// register is filled once and emptied once, by the one closure that takes
/// its instance; a failure, or an argument never taken, leaves some filled,
/// which ``empty()`` lets go. Reading the bits, not an optional per
/// register, spares a call to release nothing each time one is taken.
///
/// A ``ResolutionProgram`` runs on one set of registers, each maker taking
/// its arguments from those its steps filled (see ``Arguments``). The
/// registry's side declares them and reads them; the engine allocates and
/// fills them (`ArgumentRegisters+Filling.swift`, beside the engine).
@usableFromInline
struct ArgumentRegisters {
    @usableFromInline let base: UnsafeMutablePointer<Instance>
    /// One bit a register, 64 a word: register `r`'s is bit `r % 64` (a
    /// masking shift takes it) of word `r / 64`.
    @usableFromInline let filled: UnsafeMutablePointer<UInt64>
    let words: Int

    /// The instance in `register`, moved out; nil when it holds none.
    // Forced, with its pair; needed by: graph, Benchmarks/README §Lookups.
    @inlinable @inline(__always)
    func take(_ register: Int) -> Instance? {
        let word = filled + (register &>> 6)
        let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: register)
        guard word.pointee & bit != 0 else { return nil }
        word.pointee &= ~bit
        return (base + register).move()
    }

    /// The instance in `register`, moved out, when it is exactly of the
    /// class `Value` (most arguments are); nil, and left in place, otherwise.
    // Forced, with its pair; needed by: graph, Benchmarks/README §Lookups.
    @inlinable @inline(__always)
    func take<Value>(_ register: Int, ifExactly wanted: Value.Type) -> Value? {
        guard filled[register &>> 6] & (1 &<< UInt64(truncatingIfNeeded: register)) != 0,
              ObjectIdentifier(type(of: (base + register).pointee.object)) == ObjectIdentifier(Value.self) else { return nil }
        return take(register).map { unsafeBitCast($0.object, to: Value.self) }
    }

    /// The instance in `register`, left there; nil when it holds none.
    func peek(_ register: Int) -> Instance? {
        guard filled[register &>> 6] & (1 &<< UInt64(truncatingIfNeeded: register)) != 0 else { return nil }
        return base[register]
    }
}
